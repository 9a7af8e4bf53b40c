import { noteEventIds } from "../history-notes"

describe("noteEventIds", () => {
  const event = (id: string, status: string, message: string | null, created_at: string) => ({ id, status, message, created_at })

  it("marks an event with a message that keeps the status written before it, in the order written", () => {
    const events = [
      // Listed out of order, as a relation loads them.
      event("ev3", "label_generated", "Verification code probably sent to m***@example.com", "2026-11-23T10:05:00.000Z"),
      event("ev1", "ready", "Imported by the service", "2026-11-23T09:00:00.000Z"),
      event("ev2", "label_generated", null, "2026-11-23T10:00:00.000Z"),
    ]
    expect(noteEventIds(events)).toEqual(["ev3"])
  })

  it("orders events written in the same millisecond by id, and never marks the first one or one without a message", () => {
    const at = "2026-11-23T10:00:00.000Z"
    expect(noteEventIds([event("b", "pending", "Waiting", at), event("a", "pending", "Recorded", at)])).toEqual(["b"])
    expect(noteEventIds([event("a", "pending", "Recorded", at), event("b", "pending", null, at)])).toEqual([])
  })
})
