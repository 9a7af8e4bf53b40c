import { shopperShipmentProgress } from "../lib/shopper-shipment-progress"
import { DEFAULT_STATUS_MAPPING } from "../lib/tracking-stages"

const options = { statusMapping: DEFAULT_STATUS_MAPPING, trackingUrlTemplate: "https://track.example.com/p?n={tracking_number}" }

describe("shopperShipmentProgress", () => {
  it("says nothing before the carrier has the order, and never shows the merchant's troubles", () => {
    for (const status of ["pending", "creating", "unknown", "failed"]) {
      expect(shopperShipmentProgress({ status, tracking_stage: 0 }, options)).toEqual({
        stage: null,
        tracking_number: null,
        tracking_url: null,
        ready_for_pickup: false,
        updated_at: null,
      })
    }
  })

  it("reads the stage from the status before any tracking report, then from the tracking stage", () => {
    expect(shopperShipmentProgress({ status: "ready", tracking_stage: 0 }, options).stage).toBe("registered")
    expect(shopperShipmentProgress({ status: "label_generated", tracking_stage: 10, tracking_number: "PP0000000001IT" }, options)).toMatchObject({
      stage: "label",
      tracking_number: "PP0000000001IT",
      tracking_url: "https://track.example.com/p?n=PP0000000001IT",
    })
    expect(shopperShipmentProgress({ status: "label_generated", tracking_stage: 30 }, options).stage).toBe("shipped")
    expect(shopperShipmentProgress({ status: "label_generated", tracking_stage: 50, tracking_updated_at: new Date("2026-11-20T10:00:00Z") }, options)).toMatchObject({
      stage: "ready_for_pickup",
      ready_for_pickup: true,
      updated_at: "2026-11-20T10:00:00.000Z",
    })
  })

  it("tells delivered, returned and cancelled apart at the final rank by the last report", () => {
    const final = (code: string | null, extra = {}) =>
      shopperShipmentProgress({ status: "label_generated", tracking_stage: 60, tracking_status_code: code, ...extra }, options).stage
    const codeOf = (stage: string) => Object.entries(DEFAULT_STATUS_MAPPING).find(([, s]) => s === stage)![0]
    expect(final(codeOf("delivered"))).toBe("delivered")
    expect(final(codeOf("returned"))).toBe("returned")
    expect(final(null, { delivered_at: new Date() })).toBe("delivered")
    expect(shopperShipmentProgress({ status: "cancelled", tracking_stage: 0 }, options).stage).toBe("cancelled")
  })

  it("links only with a template, and encodes the number into it", () => {
    expect(shopperShipmentProgress({ status: "label_generated", tracking_number: "A B/1" }, options).tracking_url).toBe(
      "https://track.example.com/p?n=A%20B%2F1"
    )
    expect(shopperShipmentProgress({ status: "label_generated", tracking_number: "PP1" }, { statusMapping: {} }).tracking_url).toBeNull()
  })
})
