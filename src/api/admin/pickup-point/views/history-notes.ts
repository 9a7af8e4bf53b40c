type HistoryEvent = { id: string; status: string; message?: string | null; created_at: Date | string }

/**
 * The ids of one shipment's history events that are notes: in the order
 * they were written (`created_at`, then id), an event with a message that
 * keeps the status of the one before it (a label that failed in the
 * background, say). Decided here rather than from the
 * timeline's order, which sorts by the time each event names.
 */
export function noteEventIds(events: HistoryEvent[]): string[] {
  const written = [...events].sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
  return written.filter((event, index) => index > 0 && !!event.message && written[index - 1].status === event.status).map((event) => event.id)
}
