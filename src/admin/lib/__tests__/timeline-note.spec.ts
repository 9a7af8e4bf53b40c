import { isNote } from "../timeline-note"
import type { TimelineEntry } from "../types"

const status = (status: string, message: string | null, at: string): TimelineEntry => ({ kind: "status", at, status, message })

describe("isNote", () => {
  // Newest first, as the timeline lists them.
  const entries: TimelineEntry[] = [
    status("label_generated", "Verification code probably sent to m***@example.com (the carrier's answer was lost)", "2026-11-23T10:05:00Z"),
    { kind: "verification_code", at: "2026-11-23T10:05:00Z", masked_email: "m***@example.com", actor: "admin@example.com" },
    status("label_generated", null, "2026-11-23T10:00:00Z"),
    status("ready", "Imported by the service", "2026-11-23T09:00:00Z"),
  ]

  it("is a status entry with a message that keeps the status before it", () => {
    expect(entries.map((_, index) => isNote(entries, index))).toEqual([true, false, false, false])
  })

  it("is not the first entry, nor one without a message", () => {
    expect(isNote([status("pending", "Recorded", "2026-11-23T08:00:00Z")], 0)).toBe(false)
    expect(isNote([status("ready", null, "2026-11-23T09:00:00Z"), status("ready", "Imported", "2026-11-23T08:00:00Z")], 0)).toBe(false)
  })
})
