import { attentionOf, CANCEL_PENDING_MS, describeShipment, STUCK_AWAITING_IMPORT_MS, SYNC_STALE_MS } from "../shipment-attention"

const NOW = Date.parse("2026-11-22T12:00:00Z")
const ago = (ms: number) => new Date(NOW - ms)

describe("attentionOf", () => {
  it("flags every failed shipment", () => {
    expect(attentionOf({ status: "failed", updated_at: ago(0) }, NOW)).toBe("failed")
  })

  it("flags a shipment waiting for the import only past the allowance", () => {
    expect(attentionOf({ status: "awaiting_import", updated_at: ago(STUCK_AWAITING_IMPORT_MS - 1000) }, NOW)).toBeNull()
    expect(attentionOf({ status: "awaiting_import", updated_at: ago(STUCK_AWAITING_IMPORT_MS + 1000) }, NOW)).toBe("stuck_awaiting_import")
  })

  it("flags a cancelled order's shipment order the carrier has not cancelled past the allowance, before a stuck import", () => {
    const requested = (ms: number) => ({ status: "awaiting_import", updated_at: ago(STUCK_AWAITING_IMPORT_MS * 2), cancel_requested_at: ago(ms) })
    expect(attentionOf(requested(CANCEL_PENDING_MS + 1000), NOW)).toBe("cancel_pending")
    expect(attentionOf({ ...requested(CANCEL_PENDING_MS + 1000), status: "ready" }, NOW)).toBe("cancel_pending")
    expect(attentionOf({ ...requested(CANCEL_PENDING_MS - 1000), status: "ready" }, NOW)).toBeNull()
    expect(attentionOf({ ...requested(CANCEL_PENDING_MS * 10), status: "cancelled" }, NOW)).toBeNull()
  })

  it("flags a followed shipment the sync has not seen for too long, from its last sync or else its last change", () => {
    const labelled = { status: "label_generated", tracking_stage: 20 }
    expect(attentionOf({ ...labelled, updated_at: ago(SYNC_STALE_MS * 3), last_synced_at: ago(60_000) }, NOW)).toBeNull()
    expect(attentionOf({ ...labelled, updated_at: ago(0), last_synced_at: ago(SYNC_STALE_MS + 1000) }, NOW)).toBe("sync_stale")
    expect(attentionOf({ ...labelled, updated_at: ago(SYNC_STALE_MS + 1000), last_synced_at: null }, NOW)).toBe("sync_stale")
  })

  it("never flags what the sync no longer follows, nor a shipment on its way", () => {
    expect(attentionOf({ status: "label_generated", tracking_stage: 60, updated_at: ago(SYNC_STALE_MS * 10) }, NOW)).toBeNull()
    // Older than the sync's window (trackingSync.maxAgeDays): let go, not late.
    const old = { status: "label_generated", tracking_stage: 20, updated_at: ago(SYNC_STALE_MS * 10), last_synced_at: ago(SYNC_STALE_MS * 10) }
    expect(attentionOf({ ...old, created_at: ago(29 * 86_400_000) }, NOW, 30)).toBe("sync_stale")
    expect(attentionOf({ ...old, created_at: ago(31 * 86_400_000) }, NOW, 30)).toBeNull()
    // The window runs from the label, however long after the order it came (a backorder).
    expect(attentionOf({ ...old, created_at: ago(90 * 86_400_000), shipped_off_at: ago(29 * 86_400_000) }, NOW, 30)).toBe("sync_stale")
    expect(attentionOf({ ...old, created_at: ago(90 * 86_400_000), shipped_off_at: ago(31 * 86_400_000) }, NOW, 30)).toBeNull()
    expect(attentionOf({ status: "cancelled", updated_at: ago(SYNC_STALE_MS * 10) }, NOW)).toBeNull()
    expect(attentionOf({ status: "ready", updated_at: ago(SYNC_STALE_MS * 10) }, NOW)).toBeNull()
  })
})

describe("describeShipment", () => {
  it("names the stage of the last status under the store's mapping, and unknown codes as none", () => {
    const mapping = { ST_0005: "at_pickup_point" as const }
    expect(describeShipment({ status: "label_generated", updated_at: ago(0), last_synced_at: ago(0), tracking_status_code: "ST_0005" }, mapping, NOW)).toMatchObject({
      tracking_stage_name: "at_pickup_point",
      attention: null,
    })
    expect(describeShipment({ status: "ready", updated_at: ago(0), tracking_status_code: "ST_0042" }, mapping, NOW).tracking_stage_name).toBeNull()
  })
})
