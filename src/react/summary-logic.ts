import type { ChosenPickupPoint } from "../storefront/chosen-point"
import type { PickupPointDetails } from "../storefront/pickup-point"

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
