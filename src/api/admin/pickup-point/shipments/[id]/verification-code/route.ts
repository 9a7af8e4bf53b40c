import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { VerificationCodeRateLimitedError } from "../../../../../../modules/pickup-point/service"

/** Sends (or resends) the pickup verification code to the customer's e-mail; 429 past the limits. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  try {
    const sent = await pickupPoints.sendVerificationCode(req.params.id, req.auth_context?.actor_id ?? null)
    res.json({ verification_code: sent })
  } catch (error) {
    if (error instanceof VerificationCodeRateLimitedError) {
      res.setHeader("Retry-After", String(error.retryAfterSeconds))
      res.status(429).json({ type: "not_allowed", message: error.message })
      return
    }
    throw error
  }
}
