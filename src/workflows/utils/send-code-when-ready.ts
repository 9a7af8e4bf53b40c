import type { MedusaContainer } from "@medusajs/framework/types"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { verificationCodeRefusal } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { sendVerificationCodeWorkflow } from "../send-verification-code"
import { safeErrorMessage } from "./to-medusa-error"

/**
 * What came of sending the code of a parcel ready for pickup: `sent` (or
 * `probably_sent`, the carrier's answer lost), `skipped` (the option is off,
 * the point needs no code, or the code was sent before), `not_allowed` (the
 * shipment no longer takes one: collected or cancelled since), or `failed`
 * (the carrier did not send it: tried again by a later sweep, which waits
 * longer after each failure).
 */
/** When the sweep of owed codes tries a failed send again (listShipmentIdsOwedVerificationCode), for the logs. */
export const OWED_CODE_RETRIES = "for a day, 10 minutes after a failure and longer after each (at most 4 hours)"

export type CodeWhenReadyOutcome =
  | { kind: "sent" | "probably_sent" | "skipped" }
  | { kind: "not_allowed" | "failed"; message: string }

/**
 * Has the carrier e-mail the verification code of a parcel ready at a point
 * that asks for it, once per shipment: the "first send only" check is read
 * under the shipment's lock, so an admin's earlier send, a redelivered
 * event or the sweep meanwhile sends nothing more. Used by the
 * ready-for-pickup subscriber and by the sweep of the codes it could not send.
 */
export async function sendCodeWhenReady(container: MedusaContainer, shipmentId: string): Promise<CodeWhenReadyOutcome> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  if (!pickupPoints.options.verificationCode.sendWhenReady) {
    return { kind: "skipped" }
  }
  try {
    const shipment = await pickupPoints.retrievePickupPointShipment(shipmentId)
    if ((shipment.pickup_point as { requires_verification_code?: boolean } | null)?.requires_verification_code !== true) {
      return { kind: "skipped" }
    }
    const { result } = await sendVerificationCodeWorkflow(container).run({ input: { shipment_id: shipment.id, actor_id: null, first_only: true } })
    if (!result.reserved) return { kind: "skipped" }
    return { kind: result.confirmed ? "sent" : "probably_sent" }
  } catch (error) {
    // Told apart by the shipment as it is now, not by the error's type: the carrier's refusal of the send and of
    // the credentials are NOT_ALLOWED too, and those are failures to say and to try again.
    const now = await pickupPoints.retrievePickupPointShipment(shipmentId).catch(() => null)
    const refusal = now && verificationCodeRefusal(now)
    if (refusal) return { kind: "not_allowed", message: refusal }
    // Counted, so that the sweep waits longer after each failure; the count is not worth failing for.
    await pickupPoints.recordVerificationCodeFailure(shipmentId).catch(() => undefined)
    return { kind: "failed", message: safeErrorMessage(error) }
  }
}
