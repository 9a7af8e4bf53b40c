import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { createShipmentOrderWorkflow } from "../workflows/create-shipment-order"
import { concurrencyLimit } from "../workflows/utils/concurrency-limit"

/**
 * Creations at once in this process. Medusa's in-process event bus starts
 * every subscriber of a burst at once: unbounded, a burst of 1,000 placed
 * orders ran 1,000 workflows side by side, whose create calls missed their
 * deadline and, at 5,000, whose queries exhausted the database pool. With
 * the Redis event bus the worker's own concurrency bounds it too.
 */
const CREATE_CONCURRENCY = 8
const limit = concurrencyLimit(CREATE_CONCURRENCY)

/**
 * Checkout never waits on the service: the shipment order is created after
 * the order is placed. An order still waiting its turn when the process
 * stops has no shipment record yet: the order sweep (sweep-unrecorded-orders)
 * records and creates it.
 */
export default async function createShipmentOrderOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve("logger")
  try {
    await limit(() => createShipmentOrderWorkflow(container).run({ input: { order_id: event.data.id } }))
  } catch (error) {
    // The intent is on record, or will be by the retry job; the order itself is safe.
    logger.error(`[pickup-point] shipment order of order ${event.data.id}: ${(error as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "pickup-point-create-shipment-order" },
}
