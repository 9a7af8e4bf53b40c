import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceShipmentStep } from "./steps/advance-shipment"
import { buildShipmentIntentWorkflow } from "./build-shipment-intent"
import { retryShipmentStep } from "./steps/retry-shipment"

export const retryShipmentOrderWorkflowId = "pickup-point-retry-shipment-order-workflow"

/** Retries a failed shipment order with a request rebuilt from the order (say, after a phone number was added). */
export const retryShipmentOrderWorkflow = createWorkflow(retryShipmentOrderWorkflowId, (input: { shipment_id: string }) => {
  const { data: shipments } = useQueryGraphStep({
    entity: "pickup_point_shipment",
    fields: ["order_id"],
    filters: { id: input.shipment_id },
    options: { throwIfKeyNotFound: true },
  }).config({ name: "pickup-point-retried-shipment" })
  const intent = buildShipmentIntentWorkflow.runAsStep({
    input: transform({ shipments }, ({ shipments }) => ({ order_id: shipments[0].order_id as string })),
  })
  const shipmentId = retryShipmentStep(transform({ input, intent }, ({ input, intent }) => ({ shipment_id: input.shipment_id, intent })))
  return new WorkflowResponse(advanceShipmentStep({ shipment_id: shipmentId }))
})
