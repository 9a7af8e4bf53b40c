import english from "../../i18n/json/en.json"
import italian from "../../i18n/json/it.json"
import { ShipmentOrdersUnauthorizedError } from "../../../lib/shipment-orders/errors"
import { carrierCancelAdvice, codeNotNeeded, codeRefusalReason, errorAdvice, hasPrintableLabel, noLabelReason } from "../shipment-advice"

const shipment = { status: "ready", merchant_type: "DELIVERY" as const, last_error: null, cancel_requested_at: null }
const unseenLabel =
  'Shipment order TEST-1 cannot be cancelled: the carrier made its label although the answer was lost. Ask the carrier to void the label; the cancel is tried again until the carrier reports the order cancelled.'

const translated = (messages: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)

describe("what the order's widget tells the admin to do", () => {
  it("says to ask the carrier to void a label it made unseen, rather than to wait", () => {
    expect(errorAdvice({ ...shipment, last_error: "The Shipment Orders Service did not answer in time" })).toBe("pickupPoint.advice.automatic")
    expect(errorAdvice({ ...shipment, last_error: unseenLabel, cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.advice.voidLabel")
  })

  it("sends the admin to the credentials when the carrier refuses them, with the client's own words", () => {
    const refused = new ShipmentOrdersUnauthorizedError({ operation: "create", httpStatus: 401 }).message
    expect(errorAdvice({ ...shipment, status: "pending", last_error: refused })).toBe("pickupPoint.advice.credentials")
    // A failed one (before creates refused so were kept pending) needs a retry once they pass.
    expect(errorAdvice({ ...shipment, status: "failed", last_error: refused })).toBe("pickupPoint.advice.failed")
    for (const messages of [english, italian]) expect(translated(messages, "pickupPoint.advice.credentials")).toEqual(expect.any(String))
  })

  it("offers 'Fulfill items' for a missing label only while the order goes on", () => {
    expect(noLabelReason(shipment)).toBe("pickupPoint.shipment.noLabelYet")
    expect(noLabelReason({ ...shipment, cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.shipment.noLabelCancelled")
    expect(noLabelReason({ ...shipment, status: "cancelled" })).toBe("pickupPoint.shipment.noLabelCancelled")
    expect(noLabelReason({ ...shipment, status: "failed" })).toBe("pickupPoint.shipment.noLabelFailed")
    // Labelled, then cancelled by the carrier: the label is left out of a print.
    expect(noLabelReason({ ...shipment, status: "label_generated", tracking_stage_name: "cancelled" })).toBe("pickupPoint.shipment.noLabelCancelledByCarrier")
    expect(noLabelReason({ ...shipment, merchant_type: "STORAGE", status: "cancelled" })).toBe("pickupPoint.shipment.noLabelStorage")
  })

  it("offers no label of a cancelled shipment order, which the label routes refuse as void", () => {
    const labelled = { status: "label_generated", label_file_id: "plbl_1", tracking_stage_name: "created" }
    expect(hasPrintableLabel(labelled)).toBe(true)
    expect(hasPrintableLabel({ ...labelled, label_file_id: null })).toBe(false)
    expect(hasPrintableLabel({ ...labelled, status: "cancelled" })).toBe(false)
    expect(hasPrintableLabel({ ...labelled, tracking_stage_name: "cancelled" })).toBe(false)
  })

  it("says why no code can be sent the same way for one shipment and for many", () => {
    const labelled = { ...shipment, order_number: "1001", status: "label_generated", order_reference_code: "SO1", tracking_stage: 20 }
    expect(codeRefusalReason(labelled)).toBeNull()
    expect(codeRefusalReason({ ...labelled, status: "confirmed" })).toBeNull()
    expect(codeRefusalReason({ ...labelled, status: "ready", order_reference_code: null })).toBe("pickupPoint.refusal.code.noParcel")
    // On the carrier's system but with no label yet: the point can still change, and with it the code.
    expect(codeRefusalReason({ ...labelled, status: "ready" })).toBe("pickupPoint.refusal.code.noParcel")
    // Cancelled, by the store or by the carrier after the label (whose stage is final): no parcel ever.
    expect(codeRefusalReason({ ...labelled, status: "cancelled" })).toBe("pickupPoint.refusal.code.cancelled")
    expect(codeRefusalReason({ ...labelled, status: "cancelled", tracking_stage: 60 })).toBe("pickupPoint.refusal.code.cancelled")
    // Failed: a retry makes the shipment order, and the label then lets the code go.
    expect(codeRefusalReason({ ...labelled, status: "failed", order_reference_code: null })).toBe("pickupPoint.refusal.code.noParcel")
    expect(codeRefusalReason({ ...labelled, tracking_stage: 60, tracking_status_description: "Picked up" })).toBe("pickupPoint.refusal.code.closed")
    expect(codeRefusalReason({ ...labelled, status: "ready", cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.refusal.code.cancelling")
  })

  it("tells a point that hands parcels over without a code only when its snapshot says so", () => {
    expect(codeNotNeeded({ pickup_point: { requires_verification_code: false } })).toBe(true)
    expect(codeNotNeeded({ pickup_point: { requires_verification_code: true } })).toBe(false)
    // Not known (no snapshot, or one without the flag): the code stays on offer.
    expect(codeNotNeeded({ pickup_point: {} })).toBe(false)
    expect(codeNotNeeded({ pickup_point: null })).toBe(false)
  })

  it("says what to do about a shipment order the carrier cancelled after its label, until nothing is left to do", () => {
    const cancelled = { status: "label_generated", tracking_stage_name: "cancelled", fulfillment_id: "ful_1" }
    const order = (fulfillment: { canceled_at?: string; shipped_at?: string }, more: { status?: string; fulfillment_status?: string } = {}) => ({
      status: "pending",
      fulfillment_status: "fulfilled",
      fulfillments: [{ id: "ful_1", ...fulfillment }],
      ...more,
    })
    expect(carrierCancelAdvice(cancelled, order({}))).toBe("cancelFulfillment")
    expect(carrierCancelAdvice(cancelled, order({ shipped_at: "2026-11-24T10:00:00Z" }))).toBe("afterShipping")
    const undone = { canceled_at: "2026-11-24T10:00:00Z" }
    expect(carrierCancelAdvice(cancelled, order(undone, { fulfillment_status: "not_fulfilled" }))).toBe("fulfilAnotherWay")
    // Fulfilled another way, or the order cancelled: nothing left to do.
    expect(carrierCancelAdvice(cancelled, order(undone, { fulfillment_status: "shipped" }))).toBeNull()
    expect(carrierCancelAdvice(cancelled, order(undone, { status: "canceled", fulfillment_status: "canceled" }))).toBeNull()
    expect(carrierCancelAdvice({ ...cancelled, tracking_stage_name: "delivered" }, order({}))).toBeNull()
    expect(carrierCancelAdvice({ ...cancelled, status: "cancelled" }, order({}))).toBeNull()
  })

  it("has every key it gives in English and Italian", () => {
    for (const key of [
      "pickupPoint.advice.voidLabel",
      "pickupPoint.shipment.noLabelCancelled",
      "pickupPoint.refusal.code.noParcel",
      "pickupPoint.refusal.code.cancelled",
      "pickupPoint.refusal.code.closed",
      "pickupPoint.refusal.code.cancelling",
      "pickupPoint.shipments.labelUnreadable",
      "pickupPoint.shipment.cancelledByCarrier.title",
      "pickupPoint.shipment.cancelledByCarrier.cancelFulfillment",
      "pickupPoint.shipment.cancelledByCarrier.afterShipping",
      "pickupPoint.shipment.cancelledByCarrier.fulfilAnotherWay",
    ]) {
      expect(translated(english, key)).toEqual(expect.any(String))
      expect(translated(italian, key)).toEqual(expect.any(String))
    }
  })
})
