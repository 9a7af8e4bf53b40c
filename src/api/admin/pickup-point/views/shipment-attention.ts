import { isCancelUnderway, isFollowedByTracking } from "../../../../modules/pickup-point/lib/statuses"
import { stageOf } from "../../../../modules/pickup-point/lib/tracking-stages"
import type { TrackingStage } from "../../../../modules/pickup-point/lib/statuses"
import { TRACKING_MAX_AGE_DAYS } from "../../../../modules/pickup-point/options"

/** A shipment still waiting for the carrier's import after this long needs a person to look at it. */
export const STUCK_AWAITING_IMPORT_MS = 30 * 60_000

/** The tracking sync runs every 10 minutes: three missed runs in a row mean it is not keeping up. */
export const SYNC_STALE_MS = 30 * 60_000

/**
 * A cancelled order's shipment order the service has not cancelled after this
 * long (unreachable, or refusing): the retry job keeps trying, but a person
 * should look at why.
 */
export const CANCEL_PENDING_MS = 30 * 60_000

/** Why a shipment needs a person, as a stable code the admin translates. */
export type ShipmentAttention = "failed" | "cancel_pending" | "stuck_awaiting_import" | "sync_stale"

const DAY_MS = 86_400_000

type AttentionFacts = {
  status: string
  tracking_stage?: number | null
  created_at?: Date | string
  shipped_off_at?: Date | string | null
  updated_at: Date | string
  last_synced_at?: Date | string | null
  cancel_requested_at?: Date | string | null
}

const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null)

/**
 * The one reason a shipment needs a person now, or null. The sync's lag
 * counts only for a shipment it still follows (shipped off less than
 * `followedDays` ago): one it has let go is not waiting for it.
 */
export function attentionOf(shipment: AttentionFacts, now = Date.now(), followedDays = TRACKING_MAX_AGE_DAYS): ShipmentAttention | null {
  if (shipment.status === "failed") return "failed"
  if (isCancelUnderway(shipment) && now - time(shipment.cancel_requested_at)! > CANCEL_PENDING_MS) {
    return "cancel_pending"
  }
  if (shipment.status === "awaiting_import" && now - time(shipment.updated_at)! > STUCK_AWAITING_IMPORT_MS) {
    return "stuck_awaiting_import"
  }
  const followedSince = time(shipment.shipped_off_at) ?? time(shipment.created_at)
  if (isFollowedByTracking(shipment) && (followedSince === null || now - followedSince < followedDays * DAY_MS)) {
    const seen = time(shipment.last_synced_at) ?? time(shipment.updated_at)!
    if (now - seen > SYNC_STALE_MS) return "sync_stale"
  }
  return null
}

/** The same rule as `attentionOf`, as a filter of the module's list methods. */
export function attentionFilter(now = Date.now(), followedDays = TRACKING_MAX_AGE_DAYS) {
  const stuckBefore = new Date(now - STUCK_AWAITING_IMPORT_MS)
  const followedSince = new Date(now - followedDays * DAY_MS)
  const staleBefore = new Date(now - SYNC_STALE_MS)
  const cancelPendingBefore = new Date(now - CANCEL_PENDING_MS)
  return {
    $or: [
      { status: "failed" },
      { status: { $ne: "cancelled" }, cancel_requested_at: { $lt: cancelPendingBefore } },
      { status: "awaiting_import", updated_at: { $lt: stuckBefore } },
      {
        status: ["label_generated", "confirmed"],
        tracking_stage: { $lt: 60 },
        $and: [
          { $or: [{ shipped_off_at: { $gt: followedSince } }, { shipped_off_at: null, created_at: { $gt: followedSince } }] },
          { $or: [{ last_synced_at: { $lt: staleBefore } }, { last_synced_at: null, updated_at: { $lt: staleBefore } }] },
        ],
      },
    ],
  }
}

/** What the admin shows beside a shipment's stored fields: its stage's name and whether it needs a person. */
export function describeShipment<T extends AttentionFacts & { tracking_status_code?: string | null }>(
  shipment: T,
  mapping: Record<string, TrackingStage>,
  now = Date.now(),
  followedDays = TRACKING_MAX_AGE_DAYS
) {
  return {
    ...shipment,
    tracking_stage_name: shipment.tracking_status_code ? stageOf(shipment.tracking_status_code, mapping) : null,
    attention: attentionOf(shipment, now, followedDays),
  }
}
