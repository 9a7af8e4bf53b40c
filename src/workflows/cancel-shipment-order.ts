import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelShipmentStep } from "./steps/cancel-shipment"

/** Cancels an order's shipment order on the service; refused once a label exists or the shipment is confirmed. */
export const cancelShipmentOrderWorkflow = createWorkflow(
  "cancel-pickup-point-shipment-order",
  (input: { order_id: string; notes?: string }) => new WorkflowResponse(cancelShipmentStep(input))
)
