import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendOwedVerificationCodesStep } from "./steps/send-owed-verification-codes"

export const sendOwedVerificationCodesWorkflowId = "pickup-point-send-owed-verification-codes-workflow"

/** Sends the verification codes owed to parcels ready for pickup whose send was lost or failed (see the step). */
export const sendOwedVerificationCodesWorkflow = createWorkflow(
  sendOwedVerificationCodesWorkflowId,
  (input: { limit?: number }) => new WorkflowResponse(sendOwedVerificationCodesStep(transform({ input }, ({ input }) => ({ limit: input.limit ?? 100 }))))
)
