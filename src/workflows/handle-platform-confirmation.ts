import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { handlePlatformConfirmationStep } from "./steps/handle-platform-confirmation"

/** The platform's shipment confirmation, once its request is authenticated. */
export const handlePlatformConfirmationWorkflowId = "pickup-point-handle-platform-confirmation-workflow"

export const handlePlatformConfirmationWorkflow = createWorkflow(
  handlePlatformConfirmationWorkflowId,
  (input: { raw_body: string }) => new WorkflowResponse(handlePlatformConfirmationStep(input))
)
