const MINUTE_MS = 60_000

/**
 * Where a carrier's report goes among the plugin's own events, which are
 * timed to the millisecond. The service names times to the minute only, so
 * a report "at 13:09" may have happened at any moment of that minute, and
 * no later than the plugin recorded it: without this, a "ready for pickup"
 * synced at 13:09:24 would sort below a label made at 13:09:12.
 */
export function reportOrderTime(occurredAt: Date | string, recordedAt: Date | string): number {
  const occurred = new Date(occurredAt).getTime()
  if (occurred % MINUTE_MS !== 0) return occurred
  return Math.max(occurred, Math.min(new Date(recordedAt).getTime(), occurred + MINUTE_MS - 1))
}

/** Entries newest first by their order time; entries with the same time keep the order they were given in. */
export function newestFirst<Placed extends { entry: unknown; orderTime: number }>(placed: Placed[]): Placed["entry"][] {
  return [...placed].sort((a, b) => b.orderTime - a.orderTime).map(({ entry }) => entry)
}
