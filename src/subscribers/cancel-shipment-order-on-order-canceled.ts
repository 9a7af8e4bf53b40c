import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PICKUP_POINT_MODULE } from "../modules/pickup-point"
import { HISTORY_MESSAGES } from "../modules/pickup-point/lib/history-messages"
import type PickupPointModuleService from "../modules/pickup-point/service"
import { cancelShipmentOrderWorkflow } from "../workflows/cancel-shipment-order"

/** A cancelled order takes its shipment order with it (Medusa refuses the order cancel while a labelled fulfillment stands). */
export default async function cancelShipmentOrderOnOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: event.data.id }, { take: 1 })
  if (!shipment || shipment.status === "cancelled") {
    return
  }
  try {
    // The order is cancelled already: if the service cannot be told now, the retry job tells it.
    await cancelShipmentOrderWorkflow(container).run({
      input: { order_id: event.data.id, notes: HISTORY_MESSAGES.orderCancelled, defer_on_carrier_error: true },
    })
  } catch (error) {
    container.resolve("logger").error(
      `[pickup-point] could not cancel the shipment order of cancelled order ${event.data.id}: ${(error as Error).message}`
    )
  }
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "pickup-point-cancel-shipment-order" },
}
