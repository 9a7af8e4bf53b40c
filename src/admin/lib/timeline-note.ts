import type { TimelineEntry } from "./types"

/**
 * Whether a status entry is a note: it has a message and keeps the status of
 * the entry before it (a code send whose answer was lost, a label that
 * failed in the background), so its message is what happened.
 */
export function isNote(entries: TimelineEntry[], index: number): boolean {
  const entry = entries[index]
  if (entry.kind !== "status" || !entry.message) return false
  const before = entries.slice(index + 1).find((older) => older.kind === "status")
  return before?.kind === "status" && before.status === entry.status
}
