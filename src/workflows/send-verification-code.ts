import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reserveVerificationCodeSendStep } from "./steps/reserve-verification-code-send"
import { sendVerificationCodeStep } from "./steps/send-verification-code"

export const sendVerificationCodeWorkflowId = "pickup-point-send-verification-code-workflow"

/**
 * Sends (or resends) the pickup verification code to the customer within
 * the per-shipment limits. A send past the limits is not an error of the
 * workflow: its result says when the next send is allowed. `first_only`
 * sends only if the code was never sent for the shipment (the send made by
 * itself when the parcel is ready, `actor_id` null).
 */
export const sendVerificationCodeWorkflow = createWorkflow(
  sendVerificationCodeWorkflowId,
  (input: { shipment_id: string; actor_id: string | null; first_only?: boolean }) => {
    const reservation = reserveVerificationCodeSendStep(input)
    const sent = when("pickup-point-verification-code-reserved", { reservation }, ({ reservation }) => reservation.reserved).then(() =>
      sendVerificationCodeStep(
        transform({ input, reservation }, ({ input, reservation }) => ({
          shipment_id: input.shipment_id,
          send_id: reservation.reserved ? reservation.send_id : "",
        }))
      )
    )
    return new WorkflowResponse(
      transform({ reservation, sent }, ({ reservation, sent }) => ({ ...reservation, confirmed: sent?.confirmed ?? false }))
    )
  }
)
