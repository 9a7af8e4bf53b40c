import { setTimeout as pause } from "node:timers/promises"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { createShipmentOrderWorkflow } from "../workflows/create-shipment-order"
import { concurrencyLimit } from "../workflows/utils/concurrency-limit"
import { safeErrorMessage } from "../workflows/utils/to-medusa-error"

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
 * A pause before the work starts in a process that also serves HTTP (worker
 * mode `shared`, or `server` with the in-process event bus), so that the
 * checkout that placed the order answers the shopper first: the creation's
 * 60 to 90 ms of CPU otherwise competes with the completion's own response
 * (bench:checkout measured its p95 at 1.10x and 1.19x of Medusa's manual
 * provider without the pause, 1.05x and 0.97x with it). A worker process
 * has no request to wait for, and the Redis event bus hands it one event at
 * a time, so it starts at once. An order whose process stops during the
 * pause is recorded and created by the order sweep.
 */
const START_AFTER_MS = 250

/**
 * Checkout never waits on the service: the shipment order is created after
 * the order is placed. An order still waiting its turn when the process
 * stops has no shipment record yet: the order sweep (sweep-unrecorded-orders)
 * records and creates it.
 */
export default async function createShipmentOrderOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve("logger")
  const { workerMode } = container.resolve("configModule").projectConfig
  try {
    if (workerMode !== "worker") await pause(START_AFTER_MS)
    await limit(() => createShipmentOrderWorkflow(container).run({ input: { order_id: event.data.id } }))
  } catch (error) {
    // The intent is on record, or will be by the retry job; the order itself is safe.
    logger.error(`[pickup-point] shipment order of order ${event.data.id}: ${safeErrorMessage(error)}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "pickup-point-create-shipment-order" },
}
