import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OWED_CODE_RETRIES, sendCodeWhenReady } from "../workflows/utils/send-code-when-ready"
import { PickupPointShipmentEvents, type ShipmentEventData } from "../workflows/utils/shipment-events"

/**
 * A parcel ready at a point that asks for the verification code has the
 * carrier e-mail the code to the shopper, once per shipment (an admin's
 * earlier send counts), as the picker told them it would. One that cannot be
 * sent now, or whose event was lost, is sent by the sweep
 * (`pickup-point-send-owed-verification-codes`); the admin can send it again
 * from the order page.
 */
export default async function sendVerificationCodeWhenReady({ event, container }: SubscriberArgs<ShipmentEventData>) {
  const outcome = await sendCodeWhenReady(container, event.data.id)
  const logger = container.resolve("logger")
  if (outcome.kind === "not_allowed") {
    // Collected or cancelled since it became ready (a handover in the same sync, say): there is nothing to send.
    logger.info(`[pickup-point] the verification code of shipment ${event.data.id} was not sent: ${outcome.message}`)
  } else if (outcome.kind === "failed") {
    logger.warn(
      `[pickup-point] the verification code of shipment ${event.data.id} (order ${event.data.order_id}) was not sent when its parcel became ready: ` +
        `${outcome.message}. The job pickup-point-send-owed-verification-codes tries again ${OWED_CODE_RETRIES}; or send it from the order's page.`
    )
  }
}

export const config: SubscriberConfig = {
  event: PickupPointShipmentEvents.READY_FOR_PICKUP,
  context: { subscriberId: "pickup-point-send-verification-code-when-ready" },
}
