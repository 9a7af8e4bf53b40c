import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordShipmentLabelStep } from "./steps/record-shipment-label"
import { requestShipmentLabelStep } from "./steps/request-shipment-label"
import { storeLabelFileStep } from "./steps/store-label-file"

const findFulfillmentOrderStep = createStep(
  "find-fulfillment-order",
  async (input: { fulfillment_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order_fulfillment",
      fields: ["order_id"],
      filters: { fulfillment_id: input.fulfillment_id },
    })
    if (!data[0]?.order_id) {
      throw new Error(`Fulfillment ${input.fulfillment_id} belongs to no order`)
    }
    return new StepResponse(data[0].order_id as string)
  }
)

/**
 * Turns a pickup-point fulfillment into a label (DELIVERY merchant: the PDF
 * is stored with the File Module and attached to the fulfillment) or a
 * confirmed shipment (STORAGE merchant). Run by the fulfillmentCreated hook:
 * when it fails, Medusa undoes the fulfillment, so nothing half-done stays.
 */
export const generateShipmentLabelWorkflow = createWorkflow(
  "generate-pickup-point-shipment-label",
  (input: { fulfillment_id: string }) => {
    const orderId = findFulfillmentOrderStep(input)
    const label = requestShipmentLabelStep({ order_id: orderId })
    const file = storeLabelFileStep(label)
    const recordInput = transform({ input, label, file }, ({ input, label, file }) => ({
      fulfillment_id: input.fulfillment_id,
      shipment_id: label.shipment_id,
      order_reference_code: label.order_reference_code,
      kind: label.kind,
      tracking_number: label.tracking_number,
      file,
      // Served by the plugin's admin route, so the private file needs an admin session.
      label_url: file ? `/admin/pickup-point/shipments/${label.shipment_id}/label` : null,
    }))
    return new WorkflowResponse(recordShipmentLabelStep(recordInput))
  }
)
