import type { ChosenPickupPoint } from "../storefront/chosen-point"
import type { PickupPointDetails } from "../storefront/pickup-point"
import type { ShipmentProgress } from "../storefront/shipment-progress"

/** The code and (when known) the details a summary shows, from a chosen point or a point itself. */
export function summaryDetails(
  value: ChosenPickupPoint | PickupPointDetails | null | undefined
): { code: string; point: PickupPointDetails | null } | null {
  if (!value) return null
  if ("shipping_method_id" in value || "point" in value) {
    const chosen = value as ChosenPickupPoint
    return { code: chosen.code, point: chosen.point }
  }
  const point = value as PickupPointDetails
  return point.code ? { code: point.code, point } : null
}

/**
 * What the summary says above the point and about the code, by how far the parcel has gone: where to
 * collect it, then, once the parcel is ready, that the code has been sent (the plugin e-mails it then),
 * and once collected, where it was collected, with nothing more to do. A shipment cancelled, or returned
 * to the sender, is not to be collected: the point is where it was to be collected, and its status says why.
 */
export function summaryWording(
  shipment: ShipmentProgress | null | undefined,
  labels: { heading: string; collectedHeading: string; notComingHeading: string; returnedHeading: string; codeRequiredHint: string; codeSentHint: string }
): { heading: string; codeHint: string | null; showHours: boolean } {
  // Collected: when the point opens no longer matters to the shopper.
  if (shipment?.stage === "delivered") return { heading: labels.collectedHeading, codeHint: null, showHours: false }
  if (shipment?.stage === "cancelled") return { heading: labels.notComingHeading, codeHint: null, showHours: false }
  if (shipment?.stage === "returned") return { heading: labels.returnedHeading, codeHint: null, showHours: false }
  const ready = !!shipment?.ready_for_pickup || shipment?.stage === "ready_for_pickup"
  return { heading: labels.heading, codeHint: ready ? labels.codeSentHint : labels.codeRequiredHint, showHours: true }
}
