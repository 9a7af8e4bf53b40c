import { lastHeardAt } from "../last-heard"

describe("lastHeardAt", () => {
  const synced = "2026-11-25T10:00:00.000Z"

  it("is the last sync when no report came after it", () => {
    expect(lastHeardAt({ last_synced_at: synced, tracking_events: [{ source: "sync", created_at: "2026-11-25T09:00:00.000Z" }] })).toEqual(new Date(synced))
  })

  it("is the carrier's later report, by webhook or read after a refusal", () => {
    const webhook = "2026-11-25T11:30:00.000Z"
    expect(lastHeardAt({ last_synced_at: synced, tracking_events: [{ source: "webhook", created_at: webhook }] })).toEqual(new Date(webhook))
    expect(lastHeardAt({ last_synced_at: null, tracking_events: [{ source: "sync", created_at: webhook }] })).toEqual(new Date(webhook))
  })

  it("leaves out the admin's own reports, and is null when the carrier was never heard from", () => {
    const admin = [{ source: "admin", created_at: "2026-11-25T12:00:00.000Z" }]
    expect(lastHeardAt({ last_synced_at: synced, tracking_events: admin })).toEqual(new Date(synced))
    expect(lastHeardAt({ last_synced_at: null, tracking_events: admin })).toBeNull()
    expect(lastHeardAt({})).toBeNull()
  })
})
