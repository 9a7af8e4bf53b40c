import { hasOpeningDays } from "../../storefront/format"
import { WEEKDAYS } from "../../storefront/pickup-point"
import type { PickupPoint, ShipmentOverview } from "./types"

type Hours = Record<string, string[]> | null | undefined

/** Whether two weeks of opening hours say the same: a day's ranges in any order, no hours and an empty day alike. */
export function sameHours(a: Hours, b: Hours): boolean {
  const day = (hours: Hours, name: string) => [...(hours?.[name] ?? [])].sort().join(",")
  return WEEKDAYS.every((name) => day(a, name) === day(b, name))
}

export type HoursNote = "changedSinceOrder" | "asOrderedNoneNow" | "asOrderedInactive" | "asOrderedRemoved"

/**
 * Which hours the order's page shows for its point, and what it says of them: the catalog's when
 * the point is still active there (the customer collects by them; said when they changed since the
 * order), else those of the order's time, said so (also when the catalog gives none now: the last
 * hours known). `catalog` undefined: not read, the order's hours alone.
 */
export function hoursShown(
  point: Partial<PickupPoint> | null,
  catalog: ShipmentOverview["catalog_point"] | undefined
): { hours: Hours; note: HoursNote | null } {
  const ordered = point?.opening_hours ?? null
  if (catalog === undefined) return { hours: ordered, note: null }
  if (catalog?.is_active) {
    if (sameHours(catalog.opening_hours, ordered)) return { hours: ordered, note: null }
    // Whether the catalog gives hours at all, as the shopper's page decides it (withCurrentOpeningHours).
    return hasOpeningDays(catalog.opening_hours) || !hasOpeningDays(ordered)
      ? { hours: catalog.opening_hours, note: "changedSinceOrder" }
      : { hours: ordered, note: "asOrderedNoneNow" }
  }
  return { hours: ordered, note: catalog ? "asOrderedInactive" : "asOrderedRemoved" }
}
