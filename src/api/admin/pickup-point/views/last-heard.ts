type HeardFacts = {
  last_synced_at?: Date | string | null
  tracking_events?: { source: string; created_at: Date | string }[] | null
}

/**
 * When the plugin last heard from the carrier about a shipment: the last sync
 * (or check) that asked about it, or a later new status the carrier brought
 * by itself (its platform's webhook) or gave when it refused an action; a
 * status reported again is kept once, and does not count. An admin's own
 * report is not news from the carrier. Null when it never was heard from.
 */
export function lastHeardAt(shipment: HeardFacts): Date | null {
  const times = [shipment.last_synced_at, ...(shipment.tracking_events ?? []).filter((report) => report.source !== "admin").map((report) => report.created_at)]
    .filter((time): time is Date | string => !!time)
    .map((time) => new Date(time).getTime())
  return times.length ? new Date(Math.max(...times)) : null
}
