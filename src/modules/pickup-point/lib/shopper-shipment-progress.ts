import { normalizeStatusCode } from "../../../lib/shipment-orders/status-codes"
import { TRACKING_STAGES, type TrackingStage } from "./statuses"
import { stageOf } from "./tracking-stages"

/** The fields of a shipment record the shopper's view reads. */
export type ShipmentForShopper = {
  status: string
  tracking_stage?: number | null
  tracking_status_code?: string | null
  tracking_number?: string | null
  tracking_updated_at?: Date | string | null
  delivered_at?: Date | string | null
}

/**
 * How far an order's parcel has gone, for the shopper (the store API's
 * shipment route): the stage, the tracking number and link, and whether it
 * is ready to collect. Nothing about the shipment order's own troubles (a
 * failed creation is the merchant's to fix): before the carrier has the
 * order, the stage is null.
 */
export type ShopperShipmentProgress = {
  stage: TrackingStage | null
  tracking_number: string | null
  tracking_url: string | null
  ready_for_pickup: boolean
  updated_at: string | null
}

/** Stages by rank, for the ranks only one stage has (the final rank is shared). */
const STAGE_BY_RANK = new Map<number, TrackingStage>(
  (Object.entries(TRACKING_STAGES) as [TrackingStage, number][]).filter(([, rank]) => rank < 60).map(([stage, rank]) => [rank, stage])
)

/** The stage the shipment order's own status implies, before any tracking report. */
const STAGE_BY_STATUS: Record<string, TrackingStage> = {
  awaiting_import: "registered",
  ready: "registered",
  label_generated: "label",
  confirmed: "label",
  cancelled: "cancelled",
}

/** The carrier's tracking page for a number, from the `trackingUrlTemplate` option; null without either. */
export function trackingUrlFor(template: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim()
  return template && number ? template.split("{tracking_number}").join(encodeURIComponent(number)) : null
}

export function shopperShipmentProgress(
  shipment: ShipmentForShopper,
  options: { statusMapping: Record<string, TrackingStage>; trackingUrlTemplate?: string | null }
): ShopperShipmentProgress {
  const stage = shopperStage(shipment, options.statusMapping)
  const trackingNumber = shipment.tracking_number?.trim() || null
  const updatedAt = shipment.tracking_updated_at ? new Date(shipment.tracking_updated_at).toISOString() : null
  return {
    stage,
    tracking_number: trackingNumber,
    tracking_url: trackingUrlFor(options.trackingUrlTemplate, trackingNumber),
    ready_for_pickup: stage === "ready_for_pickup",
    updated_at: updatedAt,
  }
}

function shopperStage(shipment: ShipmentForShopper, mapping: Record<string, TrackingStage>): TrackingStage | null {
  if (shipment.status === "cancelled") return "cancelled"
  const rank = shipment.tracking_stage ?? 0
  if (rank >= 60) {
    // Delivered, cancelled and returned share the final rank: the last report says which.
    const reported = shipment.tracking_status_code ? stageOf(normalizeStatusCode(shipment.tracking_status_code), mapping) : null
    if (reported && TRACKING_STAGES[reported] >= 60) return reported
    return shipment.delivered_at ? "delivered" : null
  }
  const byRank = STAGE_BY_RANK.get(rank) ?? null
  const byStatus = STAGE_BY_STATUS[shipment.status] ?? null
  if (!byRank) return byStatus
  if (!byStatus) return byRank
  return TRACKING_STAGES[byStatus] > TRACKING_STAGES[byRank] ? byStatus : byRank
}
