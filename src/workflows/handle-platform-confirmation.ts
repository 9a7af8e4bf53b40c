import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { handlePlatformConfirmationStep, type PlatformConfirmationInput } from "./steps/handle-platform-confirmation"

/** The platform's shipment confirmation, once its request is authenticated; or a stored one an admin reprocesses. */
export const handlePlatformConfirmationWorkflowId = "pickup-point-handle-platform-confirmation-workflow"

export const handlePlatformConfirmationWorkflow = createWorkflow(
  handlePlatformConfirmationWorkflowId,
  (input: PlatformConfirmationInput) => new WorkflowResponse(handlePlatformConfirmationStep(input))
)
