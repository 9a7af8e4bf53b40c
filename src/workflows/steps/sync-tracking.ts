import { randomUUID } from "node:crypto"
import { ShipmentOrdersInvalidRequestError, ShipmentOrdersProtocolError, ShipmentOrdersRejectedError } from "../../lib/shipment-orders"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingUpdate } from "../../modules/pickup-point/types"
import { applyFulfillmentStates } from "../utils/apply-fulfillment-states"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"
import { shipmentLeaseMs } from "../utils/shipment-lease"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"
import { statusItemUpdate } from "../utils/status-item-update"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const syncTrackingStepId = "pickup-point-sync-tracking"

export type SyncTrackingResult = {
  skipped?: "circuit_open"
  calls: number
  synced: number
  transitions: number
  /** Shipments left out of this run, the service refusing or garbling their status (see salvage). */
  left_out?: number
  error?: string
}

type Claimed = { id: string; order_reference_code: string }[]
type StatusItem = Awaited<ReturnType<ReturnType<typeof shipmentOrdersClient>["status"]>>["items"][number]

/** Batches being recorded at once, each on its own connection, while the next calls are made. */
const RECORDING_CONCURRENCY = 2

/**
 * Calls a run may spend asking refused batches again in halves (see salvage in the step): enough to find
 * one order at fault in a batch of 100 (two calls for each of seven halvings), no more, so that a fault of
 * every order (the service's answers all unreadable) stops the run after a few calls, as any failure does.
 */
const SALVAGE_CALLS = 16

/**
 * Whether the service's refusal could be one order's: it refused the request or answered it unreadably.
 * An unavailable service, refused credentials or an error of the plugin's own are every order's.
 */
function isOneOrdersFault(error: unknown): boolean {
  return error instanceof ShipmentOrdersRejectedError || error instanceof ShipmentOrdersProtocolError || error instanceof ShipmentOrdersInvalidRequestError
}

/**
 * Reads the status of followed shipments in batches (one `status` call per
 * batch), stalest first, within the run's budget, and applies what changed.
 * Pipelined, so that the run takes about the calls' time: the calls are made
 * one after the other (one in flight, as the bare client would), the next
 * batch is claimed while a call is in flight, and each answered batch is
 * recorded and released in one statement in the background (at most
 * RECORDING_CONCURRENCY at once, so memory stays bounded by a few batches).
 * A failed call ends the run and counts towards the circuit, unless the
 * fault is one order's: a batch the service refuses or garbles is asked
 * again in halves, and only the shipments at fault are left out. While the
 * circuit is open, runs do nothing until it is time to probe again. No
 * compensation: each batch's outcome is recorded as it happens.
 */
export const syncTrackingStep = createStep(
  syncTrackingStepId,
  async (input: { max_batches?: number }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const logger = container.resolve("logger")
    const { batchSize, maxBatchesPerRun } = pickupPoints.options.trackingSync
    const result: SyncTrackingResult = { calls: 0, synced: 0, transitions: 0 }
    const client = shipmentOrdersClient(container)
    // One owner token for the run's batches: only this run releases what it claimed.
    const owner = randomUUID()
    const leaseMs = shipmentLeaseMs(pickupPoints.options)
    const timeZone = pickupPoints.options.timeZone

    const state = await pickupPoints.retrieveSyncState()
    if (state.circuit_open_until && new Date(state.circuit_open_until) > new Date()) {
      return new StepResponse({ ...result, skipped: "circuit_open" as const })
    }
    // A run asks about the shipments not synced since it began: on the database's clock, which stamps them
    // (an app clock ahead of it would claim the run's own batches again, up to maxBatchesPerRun).
    const startedAt = await pickupPoints.databaseNow()

    // Medusa states a crash or an error left behind are applied first; one Medusa keeps refusing
    // is logged, and the sync goes on (it is tried again next run).
    await applyFulfillmentStates(container, await pickupPoints.listUnappliedTransitions(batchSize)).catch((error) =>
      logger.error(`[pickup-point] tracking sync could not tell Medusa of an earlier status: ${safeErrorMessage(error)}`)
    )

    // Settled either way: a claim made ahead fails while a call is in flight, and must not reject unheard meanwhile.
    const claim = (): Promise<{ claimed: Claimed } | { error: unknown }> =>
      pickupPoints.claimSyncBatch({ limit: batchSize, runStartedAt: startedAt, owner, leaseMs }).then(
        (claimed) => ({ claimed }),
        (error: unknown) => ({ error })
      )

    /** Records an answered batch and releases it (one statement); a failure is logged, the batch released. */
    const record = async (claimed: Claimed, items: StatusItem[]) => {
      const ids = claimed.map((c) => c.id)
      const idByReference = new Map(claimed.map((c) => [c.order_reference_code, c.id]))
      const updates: TrackingUpdate[] = items.flatMap((item) => {
        const shipmentId = item.order.orderReferenceCode && idByReference.get(item.order.orderReferenceCode)
        const update = shipmentId ? statusItemUpdate(item, shipmentId, timeZone) : null
        return update ? [update] : []
      })
      try {
        const applied = await applyTrackingUpdates(container, updates, { release: { ids, owner } })
        result.transitions += applied.transitions.length
      } catch (error) {
        // Recorded stages stay; the Medusa side is retried from listUnappliedTransitions.
        logger.error(`[pickup-point] tracking sync could not apply a batch: ${safeErrorMessage(error)}`)
        // Stamped as synced even when the statement failed: a batch that cannot be recorded goes after the
        // others rather than being claimed again at once, every batch of the run; its statuses are asked
        // again when its turn comes back. A no-op when the recording statement released the batch already.
        await pickupPoints.releaseSyncBatch(ids, owner, true).catch(() => undefined)
      }
      result.synced += claimed.length
    }

    /** One `status` call for a batch; its answered items. */
    const askStatus = async (claimed: Claimed): Promise<StatusItem[]> => {
      const { items } = await client.status(claimed.map((c) => ({ orderReferenceCode: c.order_reference_code })))
      result.calls += 1
      return items
    }

    let salvageCalls = 0
    /**
     * A batch the service refused or answered unreadably, asked again in halves down to the shipments
     * at fault, which are left out of this run (stamped as synced, so that the next runs take the others
     * first): one bad order holds neither the batch's other shipments nor the sync back. Throws when the
     * fault is not one order's (the service away, or every half failing past SALVAGE_CALLS): the run stops.
     */
    const salvage = async (claimed: Claimed, error: unknown): Promise<void> => {
      if (!isOneOrdersFault(error)) throw error
      if (claimed.length === 1) {
        logger.error(
          `[pickup-point] tracking sync left shipment ${claimed[0].id} out of this run, the service refusing or garbling its status: ${safeErrorMessage(error)}. ` +
            `It is tried again after the other shipments; if this goes on, look the order up on the carrier's panel.`
        )
        await pickupPoints.releaseSyncBatch([claimed[0].id], owner, true)
        result.left_out = (result.left_out ?? 0) + 1
        return
      }
      const half = Math.ceil(claimed.length / 2)
      for (const part of [claimed.slice(0, half), claimed.slice(half)]) {
        if (salvageCalls >= SALVAGE_CALLS) throw error
        salvageCalls += 1
        let items: StatusItem[]
        try {
          items = await askStatus(part)
        } catch (partError) {
          await salvage(part, partError)
          continue
        }
        await record(part, items)
      }
    }

    const recording = new Set<Promise<void>>()
    const maxBatches = input.max_batches ?? maxBatchesPerRun
    let failure: Error | undefined
    // A claim that fails (the database, not the service) ends the run without counting towards the circuit.
    let claimError: unknown
    let ahead: ReturnType<typeof claim> | null = maxBatches > 0 ? claim() : null
    for (let batch = 0; ahead; batch++) {
      const next = await ahead
      ahead = null
      if ("error" in next) {
        claimError = next.error
        break
      }
      const { claimed } = next
      if (!claimed.length) break
      // The next batch is claimed while this one's call is in flight.
      if (batch + 1 < maxBatches) ahead = claim()
      let items: StatusItem[]
      try {
        items = await askStatus(claimed)
      } catch (error) {
        const stop = await salvage(claimed, error).then(
          () => undefined,
          (stopped: unknown) => stopped as Error
        )
        if (!stop) continue
        failure = stop
        // Those of the batch not recorded yet go back unsynced (the recorded ones are released already).
        await pickupPoints.releaseSyncBatch(
          claimed.map((c) => c.id),
          owner,
          false
        )
        break
      }
      if (recording.size >= RECORDING_CONCURRENCY) await Promise.race(recording)
      const done: Promise<void> = record(claimed, items).finally(() => recording.delete(done))
      recording.add(done)
    }
    // A batch claimed ahead of a stop goes back unsynced.
    const left = await ahead
    if (left && "claimed" in left && left.claimed.length) await pickupPoints.releaseSyncBatch(left.claimed.map((c) => c.id), owner, false)
    await Promise.all(recording)
    if (claimError !== undefined) throw claimError

    if (failure) {
      await pickupPoints.recordSyncOutcome({ ok: false, error: failure.message })
      logger.warn(`[pickup-point] tracking sync stopped: ${failure.message}`)
      return new StepResponse({ ...result, error: failure.message })
    }
    await pickupPoints.recordSyncOutcome({ ok: true })
    return new StepResponse(result)
  }
)
