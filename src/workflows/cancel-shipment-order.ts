import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelShipmentStep } from "./steps/cancel-shipment"

/**
 * Cancels an order's shipment order on the service; refused once a label
 * exists or the shipment is confirmed. With `defer_when_unavailable`, a
 * service that cannot be reached only records the request for the retry job.
 */
export const cancelShipmentOrderWorkflow = createWorkflow(
  "cancel-pickup-point-shipment-order",
  (input: { order_id: string; notes?: string; defer_when_unavailable?: boolean }) =>
    new WorkflowResponse(cancelShipmentStep(input))
)
