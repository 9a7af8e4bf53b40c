import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { restoreShipmentLabelStep } from "./steps/restore-shipment-label"

export const restoreShipmentLabelWorkflowId = "pickup-point-restore-shipment-label-workflow"

/** A labelled shipment's label, got again from the service and kept, when the stored copy is lost or damaged. */
export const restoreShipmentLabelWorkflow = createWorkflow(restoreShipmentLabelWorkflowId, (input: { shipment_id: string }) =>
  new WorkflowResponse(restoreShipmentLabelStep(input))
)
