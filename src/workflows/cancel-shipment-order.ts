import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelShipmentStep, type CancelShipmentStepInput } from "./steps/cancel-shipment"

export const cancelShipmentOrderWorkflowId = "pickup-point-cancel-shipment-order-workflow"

/**
 * Cancels an order's shipment order on the service; refused once a label
 * exists or the shipment is confirmed. With `defer_on_carrier_error`, a
 * service that cannot or will not take it now only records the request for
 * the retry job.
 */
export const cancelShipmentOrderWorkflow = createWorkflow(
  cancelShipmentOrderWorkflowId,
  (input: CancelShipmentStepInput) => new WorkflowResponse(cancelShipmentStep(input))
)
