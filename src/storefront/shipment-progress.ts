/**
 * How far the parcel has gone, as the store API reports an order's pickup-point
 * shipment: the tracking stage (the plugin's stages, `registered` to
 * `delivered`), the tracking number and link. Every field may be missing:
 * before the label there is no tracking at all.
 */
export type ShipmentProgress = {
  stage?: string | null
  tracking_number?: string | null
  tracking_url?: string | null
  ready_for_pickup?: boolean | null
}

export const SHIPMENT_STAGE_TEXT: Record<string, string> = {
  registered: "Order received by the carrier",
  label: "Being prepared for shipping",
  shipped: "On its way to the pickup point",
  at_pickup_point: "Arrived at the pickup point",
  ready_for_pickup: "Ready for pickup",
  delivered: "Collected",
  cancelled: "Shipment cancelled",
  returned: "Returned to the sender",
}

/** The stage in words for shoppers (override with `texts`), or null for no or an unknown stage. */
export function shipmentStageText(progress: ShipmentProgress | null | undefined, texts: Record<string, string> = {}): string | null {
  const stage = progress?.ready_for_pickup ? "ready_for_pickup" : progress?.stage
  if (!stage) return null
  return texts[stage] ?? SHIPMENT_STAGE_TEXT[stage] ?? null
}

/** The tracking link, only when it is an http(s) URL (it is put in an href). */
export function safeTrackingUrl(progress: ShipmentProgress | null | undefined): string | null {
  const url = progress?.tracking_url
  return typeof url === "string" && /^https?:\/\//i.test(url.trim()) ? url.trim() : null
}

/** The parts of an order's fulfillments read here (`*fulfillments`; labels where the route returns them). */
export type FulfillmentLike = {
  shipped_at?: string | Date | null
  delivered_at?: string | Date | null
  canceled_at?: string | Date | null
  labels?: ({ tracking_number?: string | null; tracking_url?: string | null } | null)[] | null
}

/**
 * The progress Medusa itself records on an order's fulfillments, which the
 * plugin keeps true (shipped, delivered; the label's tracking number where
 * the order was read with its labels: Medusa 2.21's store order route
 * answers `labels: null`). Enough for an order page when no finer tracking
 * is at hand. Null before anything was fulfilled.
 */
export function shipmentProgressFromOrder(order: { fulfillments?: (FulfillmentLike | null)[] | null } | null | undefined): ShipmentProgress | null {
  const fulfillment = (order?.fulfillments ?? []).filter((f): f is FulfillmentLike => !!f && !f.canceled_at).at(-1)
  if (!fulfillment) return null
  const label = (fulfillment.labels ?? []).find((l) => l?.tracking_number)
  return {
    stage: fulfillment.delivered_at ? "delivered" : fulfillment.shipped_at ? "shipped" : label ? "label" : null,
    tracking_number: label?.tracking_number || null,
    tracking_url: label?.tracking_url || null,
  }
}
