import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import DataLoader from "dataloader"
import { createShipmentOrdersWorkflow } from "../workflows/create-shipment-orders"
import { windowOrFull } from "../workflows/utils/batch-window"
import { concurrencyLimit } from "../workflows/utils/concurrency-limit"
import { safeErrorMessage } from "../workflows/utils/to-medusa-error"

/**
 * Orders created together: a burst of placed orders (a sale's opening, an
 * import) shares one read of the orders, one claim and one status call per
 * batch, instead of paying for each order alone.
 */
export const ORDERS_PER_BATCH = 100

/**
 * Batches at once in this process. Medusa's in-process event bus starts
 * every subscriber of a burst at once: unbounded, a burst of 1,000 placed
 * orders ran 1,000 workflows side by side, whose create calls missed their
 * deadline and, at 5,000, whose queries exhausted the database pool. Two
 * let one batch read its orders while the other waits on the service.
 */
export const BATCHES_AT_ONCE = 2

/**
 * How long an order waits for others to join its batch in a process that
 * also serves HTTP (worker mode `shared`, or `server` with the in-process
 * event bus); a full batch starts at once. The pause also lets the checkout
 * that placed the order answer the shopper first: the creation's CPU
 * otherwise competes with the completion's own response (bench:checkout
 * measured its p95 at 1.10x and 1.19x of Medusa's manual provider without
 * a pause, 1.05x and 0.97x with it). A worker process has no request to wait for, and starts at once with
 * the orders delivered so far. An order whose process stops meanwhile is
 * recorded and created by the order sweep.
 */
const START_AFTER_MS = 250

type Batcher = { load(orderId: string): Promise<void> }

const batchers = new WeakMap<MedusaContainer, Batcher>()

/** This process's batcher of placed orders (one per Medusa app). */
function batcherOf(container: MedusaContainer): Batcher {
  let batcher = batchers.get(container)
  if (batcher) return batcher
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { workerMode } = container.resolve("configModule").projectConfig
  const limit = concurrencyLimit(BATCHES_AT_ONCE)
  const start = workerMode === "worker" ? undefined : windowOrFull(START_AFTER_MS, ORDERS_PER_BATCH)
  const loader = new DataLoader<string, void>(
    async (orderIds) => {
      try {
        await limit(() => createShipmentOrdersWorkflow(container).run({ input: { order_ids: [...orderIds] } }))
      } catch (error) {
        // The intents on record are the retry job's to finish; the order sweep records the rest.
        logger.error(`[pickup-point] shipment orders of ${orderIds.length} placed orders (${orderIds.join(", ")}): ${safeErrorMessage(error)}`)
      }
      return orderIds.map(() => undefined)
    },
    {
      // Each delivery of an event is work to do (the record makes a repeated one change nothing).
      cache: false,
      maxBatchSize: ORDERS_PER_BATCH,
      batchScheduleFn: start?.schedule,
    }
  )
  batcher = {
    load(orderId) {
      const loaded = loader.load(orderId)
      start?.added()
      return loaded
    },
  }
  batchers.set(container, batcher)
  return batcher
}

/**
 * Checkout never waits on the service: the shipment order is created after
 * the order is placed, with the other orders placed meanwhile. An order
 * still waiting when the process stops has no shipment record yet: the
 * order sweep (sweep-unrecorded-orders) records and creates it.
 */
export default async function createShipmentOrderOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  await batcherOf(container).load(event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "pickup-point-create-shipment-order" },
}
