import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const reserveVerificationCodeSendStepId = "pickup-point-reserve-verification-code-send"

/**
 * Reserves one send of the pickup verification code within the limits (the
 * module checks and records it as one step); the reservation is taken back
 * if the service then does not send.
 */
export const reserveVerificationCodeSendStep = createStep(
  reserveVerificationCodeSendStepId,
  async (input: { shipment_id: string; actor_id: string | null; first_only?: boolean }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const reservation = await pickupPoints.reserveVerificationCodeSend(input.shipment_id, input.actor_id, { first_only: input.first_only })
    return new StepResponse(reservation, reservation.reserved ? reservation.send_id : null)
  },
  async (sendId, { container }) => {
    if (sendId) {
      await container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).deletePickupPointVerificationCodeSends(sendId)
    }
  }
)
