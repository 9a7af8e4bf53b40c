import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { checkShipmentTrackingStep } from "./steps/check-shipment-tracking"

export const checkShipmentTrackingWorkflowId = "pickup-point-check-shipment-tracking-workflow"

/** An admin's "Check with the carrier": one shipment's tracking read now, rather than at the next sync. */
export const checkShipmentTrackingWorkflow = createWorkflow(checkShipmentTrackingWorkflowId, (input: { shipment_id: string }) =>
  new WorkflowResponse(checkShipmentTrackingStep(input))
)
