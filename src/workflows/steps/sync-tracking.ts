import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { instantIn } from "../../modules/pickup-point/lib/zoned-time"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingUpdate } from "../../modules/pickup-point/types"
import { applyFulfillmentStates } from "../utils/apply-fulfillment-states"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"
import { shipmentLeaseMs } from "../utils/shipment-lease"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"

export const syncTrackingStepId = "pickup-point-sync-tracking"

export type SyncTrackingResult = {
  skipped?: "circuit_open"
  calls: number
  synced: number
  transitions: number
  error?: string
}

/**
 * Reads the status of followed shipments in batches (one `status` call per
 * batch), stalest first, within the run's budget, and applies what changed.
 * A failed call ends the run and counts towards the circuit; while the
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
    const startedAt = new Date()
    const client = shipmentOrdersClient(container)
    // One owner token for the run's batches: only this run releases what it claimed.
    const owner = randomUUID()
    const leaseMs = shipmentLeaseMs(pickupPoints.options)

    const state = await pickupPoints.retrieveSyncState()
    if (state.circuit_open_until && new Date(state.circuit_open_until) > new Date()) {
      return new StepResponse({ ...result, skipped: "circuit_open" as const })
    }

    // Medusa states a crash or an error left behind are applied first.
    await applyFulfillmentStates(container, await pickupPoints.listUnappliedTransitions(batchSize))

    for (let batch = 0; batch < (input.max_batches ?? maxBatchesPerRun); batch++) {
      const claimed = await pickupPoints.claimSyncBatch({ limit: batchSize, runStartedAt: startedAt, owner, leaseMs })
      if (!claimed.length) break
      const ids = claimed.map((c) => c.id)
      let items
      try {
        ;({ items } = await client.status(claimed.map((c) => ({ orderReferenceCode: c.order_reference_code }))))
        result.calls += 1
      } catch (error) {
        await pickupPoints.releaseSyncBatch(ids, owner, false)
        await pickupPoints.recordSyncOutcome({ ok: false, error: (error as Error).message })
        logger.warn(`[pickup-point] tracking sync stopped: ${(error as Error).message}`)
        return new StepResponse({ ...result, error: (error as Error).message })
      }
      const idByReference = new Map(claimed.map((c) => [c.order_reference_code, c.id]))
      const timeZone = pickupPoints.options.timeZone
      const updates: TrackingUpdate[] = items.flatMap((item) => {
        const shipmentId = item.order.orderReferenceCode && idByReference.get(item.order.orderReferenceCode)
        if (!item.success || !item.tracking?.status || !shipmentId) return []
        return [
          {
            shipment_id: shipmentId,
            status_code: item.tracking.status,
            status_description: item.tracking.statusDescription ?? null,
            external_status_code: item.tracking.externalStatusCode ?? null,
            external_status_description: item.tracking.externalStatusDescription ?? null,
            occurred_at: instantIn(item.tracking.lastUpdateDate, item.tracking.lastUpdateTime, timeZone),
            tracking_number: item.tracking.number ?? null,
            source: "sync" as const,
          },
        ]
      })
      try {
        const applied = await applyTrackingUpdates(container, updates)
        result.transitions += applied.transitions.length
      } catch (error) {
        // Recorded stages stay; the Medusa side is retried from listUnappliedTransitions.
        logger.error(`[pickup-point] tracking sync could not apply a batch: ${(error as Error).message}`)
      } finally {
        await pickupPoints.releaseSyncBatch(ids, owner, true)
      }
      result.synced += claimed.length
    }
    await pickupPoints.recordSyncOutcome({ ok: true })
    return new StepResponse(result)
  }
)
