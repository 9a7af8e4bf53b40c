import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordShipmentLabelStep } from "./steps/record-shipment-label"
import { requestShipmentLabelStep } from "./steps/request-shipment-label"
import { storeLabelFileStep } from "./steps/store-label-file"

export const generateShipmentLabelWorkflowId = "pickup-point-generate-shipment-label-workflow"

/**
 * Turns a pickup-point fulfillment into a label (DELIVERY merchant: the PDF
 * is kept in the plugin's own table, reachable only through the admin
 * routes, and attached to the fulfillment by that route's URL) or a
 * confirmed shipment (STORAGE merchant). When it fails, the PDF is removed
 * again; run as a step of createPickupPointFulfillmentWorkflow, the
 * fulfillment is undone too, so nothing half-done stays.
 */
export const generateShipmentLabelWorkflow = createWorkflow(generateShipmentLabelWorkflowId, (input: { fulfillment_id: string; backend_url?: string | null }) => {
  const { data: links } = useQueryGraphStep({
    entity: "order_fulfillment",
    fields: ["order_id"],
    filters: { fulfillment_id: input.fulfillment_id },
    options: { throwIfKeyNotFound: true },
  }).config({ name: "pickup-point-fulfillment-order" })
  const label = requestShipmentLabelStep(
    transform({ links, input }, ({ links, input }) => ({ order_id: links[0].order_id as string, fulfillment_id: input.fulfillment_id }))
  )
  const file = storeLabelFileStep(label)
  return new WorkflowResponse(
    recordShipmentLabelStep(
      transform({ input, label, file }, ({ input, label, file }) => ({
        fulfillment_id: input.fulfillment_id,
        shipment_id: label.shipment_id,
        status: label.status,
        order_reference_code: label.order_reference_code,
        kind: label.kind,
        tracking_number: label.tracking_number,
        file,
        // Served by the plugin's admin route, so the private file needs an admin session (the
        // dashboard's cookie does): made absolute from `backendUrl` or the admin request's origin.
        label_url: file ? `/admin/pickup-point/shipments/${label.shipment_id}/label` : null,
        backend_url: input.backend_url ?? null,
      }))
    )
  )
})
