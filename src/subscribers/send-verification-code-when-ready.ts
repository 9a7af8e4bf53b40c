import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../modules/pickup-point"
import type PickupPointModuleService from "../modules/pickup-point/service"
import { sendVerificationCodeWorkflow } from "../workflows/send-verification-code"
import { PickupPointShipmentEvents, type ShipmentEventData } from "../workflows/utils/shipment-events"
import { safeErrorMessage } from "../workflows/utils/to-medusa-error"

/**
 * A parcel ready at a point that asks for the verification code has the
 * carrier e-mail the code to the shopper, once per shipment (an admin's
 * earlier send counts), as the picker told them it would. The admin can
 * send it again from the order page; one that cannot be sent now is logged
 * with what to do.
 */
export default async function sendVerificationCodeWhenReady({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  if (!pickupPoints.options.verificationCode.sendWhenReady) {
    return
  }
  const shipment = await pickupPoints.retrievePickupPointShipment(event.data.id)
  if ((shipment.pickup_point as { requires_verification_code?: boolean } | null)?.requires_verification_code !== true) {
    return
  }
  try {
    await sendVerificationCodeWorkflow(container).run({ input: { shipment_id: shipment.id, actor_id: null, first_only: true } })
  } catch (error) {
    // Collected or cancelled since it became ready (a handover in the same sync, say): there is nothing to send.
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.NOT_ALLOWED) {
      container.resolve("logger").info(`[pickup-point] the verification code of shipment ${shipment.id} was not sent: ${error.message}`)
      return
    }
    container
      .resolve("logger")
      .warn(
        `[pickup-point] the verification code of shipment ${shipment.id} (order ${shipment.order_id}) was not sent when its parcel became ready: ` +
          `${safeErrorMessage(error)}. Send it from the order's page.`
      )
  }
}

export const config: SubscriberConfig = {
  event: PickupPointShipmentEvents.READY_FOR_PICKUP,
  context: { subscriberId: "pickup-point-send-verification-code-when-ready" },
}
