import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendVerificationCodeWorkflow } from "../../../../../../workflows/send-verification-code"

/** Sends (or resends) the pickup verification code to the customer's e-mail; 429 past the limits. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result } = await sendVerificationCodeWorkflow(req.scope).run({
    input: { shipment_id: req.params.id, actor_id: req.auth_context?.actor_id ?? null },
  })
  if (!result.reserved) {
    res.setHeader("Retry-After", String(result.retry_after_seconds))
    res.status(429).json({ type: "not_allowed", message: result.message })
    return
  }
  const { sent_at, masked_email, next_allowed_at, left_today, confirmed } = result
  res.json({
    verification_code: {
      sent_at,
      masked_email,
      next_allowed_at,
      left_today,
      // The carrier's answer was lost: the e-mail probably went out, and the send counts against the limits.
      ...(confirmed ? {} : { confirmed: false }),
    },
  })
}
