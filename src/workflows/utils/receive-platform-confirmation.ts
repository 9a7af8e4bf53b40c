import type { MedusaContainer } from "@medusajs/framework/types"
import DataLoader from "dataloader"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { whenBatchSlotFree } from "./batch-window"
import {
  claimPlatformConfirmations,
  processPlatformConfirmations,
  type ClaimedConfirmation,
  receivedConfirmation,
  type ReceivedConfirmation,
  type WebhookOutcome,
} from "./platform-confirmation"

/** The most deliveries one batch claims and records. */
export const CONFIRMATIONS_PER_BATCH = 64

/**
 * Batches at once in this process. One: the deliveries that arrive while it
 * runs make the next batch, and bench:webhook took 515 deliveries/s with
 * one against 403 and 424/s with two (smaller batches, each paying its
 * statements).
 */
export const CONFIRMATION_BATCHES_AT_ONCE = 1

type Delivery = { container: MedusaContainer; received: ReceivedConfirmation }

const loaders = new WeakMap<object, DataLoader<Delivery, WebhookOutcome>>()

/**
 * Receives one authenticated webhook delivery: claims and processes it
 * with the deliveries that arrive while the batches before it run (see
 * platform-confirmation.ts), so that a busy webhook pays for its
 * statements once a batch rather than once a delivery: a claim, a record
 * of the statuses and their verdicts. Each delivery is answered with its
 * own outcome once its batch is stored and Medusa told of its moves. A
 * batch whose claim fails fails its deliveries: the platform delivers them
 * again, and a delivery whose claim was stored meanwhile is processed by
 * the tracking job once stale, as when its process dies.
 */
export async function receivePlatformConfirmation(container: MedusaContainer, rawBody: string): Promise<WebhookOutcome> {
  return await loaderOf(container).load({ container, received: receivedConfirmation(rawBody) })
}

/** This app's loader, kept with its module (the request's container is the request's own). */
function loaderOf(container: MedusaContainer): DataLoader<Delivery, WebhookOutcome> {
  const pickupPoints: object = container.resolve(PICKUP_POINT_MODULE)
  let loader = loaders.get(pickupPoints)
  if (loader) return loader
  const slots = whenBatchSlotFree(CONFIRMATION_BATCHES_AT_ONCE)
  loader = new DataLoader<Delivery, WebhookOutcome>(
    async (deliveries) => {
      // The slot is given back once the batch is stored, before Medusa is told of its moves (a workflow
      // each), so that the next batch does not wait on Medusa; given back once either way.
      let running = true
      const end = () => {
        if (running) slots.ended()
        running = false
      }
      try {
        // The batch runs in the first delivery's request scope.
        const { container: scope } = deliveries[0]
        const claims = await claimPlatformConfirmations(scope, deliveries.map((delivery) => delivery.received))
        const fresh = claims.filter((claim): claim is ClaimedConfirmation => !("duplicate" in claim))
        const processed = await processPlatformConfirmations(scope, fresh, { whenRecorded: end })
        let next = 0
        return claims.map((claim) => {
          if ("duplicate" in claim) return claim.duplicate
          const result = processed[next++]
          return "outcome" in result ? result.outcome : result.error instanceof Error ? result.error : new Error(String(result.error))
        })
      } finally {
        end()
      }
    },
    // Each delivery is answered on its own, a replay too (the claim tells it from the first).
    { cache: false, maxBatchSize: CONFIRMATIONS_PER_BATCH, batchScheduleFn: slots.schedule }
  )
  loaders.set(pickupPoints, loader)
  return loader
}
