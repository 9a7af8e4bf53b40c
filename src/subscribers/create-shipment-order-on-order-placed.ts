import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { createShipmentOrderWorkflow } from "../workflows/create-shipment-order"

/** Checkout never waits on the service: the shipment order is created after the order is placed. */
export default async function createShipmentOrderOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve("logger")
  try {
    await createShipmentOrderWorkflow(container).run({ input: { order_id: event.data.id } })
  } catch (error) {
    // The intent is on record, or will be by the retry job; the order itself is safe.
    logger.error(`[pickup-point] shipment order of order ${event.data.id}: ${(error as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "pickup-point-create-shipment-order" },
}
