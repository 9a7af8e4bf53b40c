import english from "../../i18n/json/en.json"
import italian from "../../i18n/json/it.json"
import { codeRefusalReason, errorAdvice, isCancelledByCarrier, noLabelReason } from "../shipment-advice"

const shipment = { status: "ready", merchant_type: "DELIVERY" as const, last_error: null, cancel_requested_at: null }
const unseenLabel =
  'Shipment order TEST-1 cannot be cancelled: the carrier made its label although the answer was lost. Ask the carrier to void the label; the cancel is tried again until the carrier reports the order cancelled.'

const translated = (messages: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)

describe("what the order's widget tells the admin to do", () => {
  it("says to ask the carrier to void a label it made unseen, rather than to wait", () => {
    expect(errorAdvice({ ...shipment, last_error: "The Shipment Orders Service did not answer in time" })).toBe("pickupPoint.advice.automatic")
    expect(errorAdvice({ ...shipment, last_error: unseenLabel, cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.advice.voidLabel")
  })

  it("offers 'Fulfill items' for a missing label only while the order goes on", () => {
    expect(noLabelReason(shipment)).toBe("pickupPoint.shipment.noLabelYet")
    expect(noLabelReason({ ...shipment, cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.shipment.noLabelCancelled")
    expect(noLabelReason({ ...shipment, status: "cancelled" })).toBe("pickupPoint.shipment.noLabelCancelled")
    expect(noLabelReason({ ...shipment, status: "failed" })).toBe("pickupPoint.shipment.noLabelFailed")
    expect(noLabelReason({ ...shipment, merchant_type: "STORAGE", status: "cancelled" })).toBe("pickupPoint.shipment.noLabelStorage")
  })

  it("says why no code can be sent the same way for one shipment and for many", () => {
    const labelled = { ...shipment, order_number: "1001", status: "label_generated", order_reference_code: "SO1", tracking_stage: 20 }
    expect(codeRefusalReason(labelled)).toBeNull()
    expect(codeRefusalReason({ ...labelled, status: "ready", order_reference_code: null })).toBe("pickupPoint.refusal.code.noParcel")
    expect(codeRefusalReason({ ...labelled, tracking_stage: 60, tracking_status_description: "Picked up" })).toBe("pickupPoint.refusal.code.closed")
    expect(codeRefusalReason({ ...labelled, status: "ready", cancel_requested_at: "2026-11-23T03:00:00Z" })).toBe("pickupPoint.refusal.code.cancelling")
  })

  it("says to cancel the fulfillment of a shipment order the carrier cancelled, until the shipment is cancelled too", () => {
    expect(isCancelledByCarrier({ status: "label_generated", tracking_stage_name: "cancelled" })).toBe(true)
    expect(isCancelledByCarrier({ status: "label_generated", tracking_stage_name: "delivered" })).toBe(false)
    expect(isCancelledByCarrier({ status: "cancelled", tracking_stage_name: "cancelled" })).toBe(false)
  })

  it("has every key it gives in English and Italian", () => {
    for (const key of [
      "pickupPoint.advice.voidLabel",
      "pickupPoint.shipment.noLabelCancelled",
      "pickupPoint.refusal.code.noParcel",
      "pickupPoint.refusal.code.closed",
      "pickupPoint.refusal.code.cancelling",
      "pickupPoint.shipments.labelUnreadable",
      "pickupPoint.shipment.cancelledByCarrier.title",
      "pickupPoint.shipment.cancelledByCarrier.body",
    ]) {
      expect(translated(english, key)).toEqual(expect.any(String))
      expect(translated(italian, key)).toEqual(expect.any(String))
    }
  })
})
