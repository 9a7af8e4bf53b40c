import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { sendCodeWhenReady } from "../utils/send-code-when-ready"

export const sendOwedVerificationCodesStepId = "pickup-point-send-owed-verification-codes"

/**
 * Sends the verification codes owed to parcels ready for pickup at a point
 * that asks for one, with none sent: the ready-for-pickup event died with
 * its process, or the carrier did not send when it came (see
 * listShipmentIdsOwedVerificationCode). Each goes as the event's own send
 * does (sendCodeWhenReady), once per shipment whoever comes first. A send
 * the carrier fails is tried again for a day, by a run that waits longer
 * after each failure (10 minutes, doubling, at most 4 hours). No
 * compensation: an e-mail cannot be unsent.
 */
export const sendOwedVerificationCodesStep = createStep(sendOwedVerificationCodesStepId, async (input: { limit: number }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const sent: string[] = []
  const failed: { id: string; message: string }[] = []
  if (!pickupPoints.options.verificationCode.sendWhenReady) {
    return new StepResponse({ sent, failed })
  }
  for (const id of await pickupPoints.listShipmentIdsOwedVerificationCode(input.limit)) {
    const outcome = await sendCodeWhenReady(container, id)
    if (outcome.kind === "sent" || outcome.kind === "probably_sent") sent.push(id)
    if (outcome.kind === "failed") failed.push({ id, message: outcome.message })
  }
  return new StepResponse({ sent, failed })
})
