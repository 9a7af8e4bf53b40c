import { buildShipmentIntent, withServiceIdentity } from "../lib/build-shipment-intent"
import { changePointRefusal, changePointRefusalReason, isLabelRequestUnderway, LABEL_REQUEST_UNDERWAY_MS } from "../lib/statuses"
import { parsePluginOptions } from "../options"

const shipment = (status: string, extra: Record<string, unknown> = {}) => ({ status, order_number: "SHOP-42", ...extra })

describe("changing a shipment's pickup point", () => {
  it("is allowed before the label, and refused with what to do after it, before the carrier has imported the order, or while a cancel or a label is under way", () => {
    for (const status of ["pending", "ready", "failed"]) {
      expect(changePointRefusal(shipment(status))).toBeNull()
    }
    expect(changePointRefusal(shipment("label_generated"))).toBe(
      "The pickup point of SHOP-42 cannot be changed: its label has been generated. Ask the carrier to redirect the parcel instead."
    )
    expect(changePointRefusal(shipment("confirmed"))).toMatch(/its shipment has been confirmed/)
    // Once the parcel was collected there is nothing to redirect: no advice to ask the carrier.
    expect(changePointRefusalReason(shipment("label_generated", { tracking_stage: 60 }))).toBe("closed")
    expect(changePointRefusal(shipment("confirmed", { tracking_stage: 70 }))).toBe(
      "The pickup point of SHOP-42 cannot be changed: its parcel was collected, returned or cancelled by the carrier."
    )
    expect(changePointRefusalReason(shipment("label_generated", { tracking_stage: 50 }))).toBe("label_generated")
    // A create in flight may still land on the service as a second live order under the old number.
    for (const status of ["creating", "unknown", "awaiting_import"]) {
      expect(changePointRefusal(shipment(status))).toBe(
        `The pickup point of SHOP-42 cannot be changed now: the carrier has not imported its shipment order yet (${status}). Wait until the carrier has imported the order, then try again.`
      )
      expect(changePointRefusalReason(shipment(status))).toBe("notImported")
    }
    expect(changePointRefusal(shipment("ready", { cancel_requested_at: new Date() }))).toMatch(/a cancel of its shipment order is under way/)
    expect(changePointRefusal(shipment("ready", { label_requested_at: new Date() }))).toMatch(/its label was asked for moments ago/)
  })

  it("stops counting a label as being made once its request is long over (refused, or its process stopped)", () => {
    const askedAt = new Date("2026-11-23T09:00:00Z")
    expect(isLabelRequestUnderway({ label_requested_at: askedAt }, askedAt.getTime() + LABEL_REQUEST_UNDERWAY_MS - 1)).toBe(true)
    expect(isLabelRequestUnderway({ label_requested_at: askedAt.toISOString() }, askedAt.getTime() + LABEL_REQUEST_UNDERWAY_MS)).toBe(false)
    expect(changePointRefusal(shipment("ready", { label_requested_at: new Date(Date.now() - LABEL_REQUEST_UNDERWAY_MS - 1_000) }))).toBeNull()
  })

  it("lets a change that stopped after the cancel be finished, but never for a cancelled order", () => {
    expect(changePointRefusal(shipment("cancelled"))).toBeNull()
    expect(changePointRefusal(shipment("cancelled"), { status: "pending" })).toBeNull()
    expect(changePointRefusal(shipment("cancelled", { label_file_id: "file_1" }))).toMatch(/its shipment order is cancelled/)
    expect(changePointRefusal(shipment("cancelled"), { status: "canceled" })).toBe("The pickup point of SHOP-42 cannot be changed: the order is cancelled.")
    expect(changePointRefusalReason(shipment("ready"), { status: "canceled" })).toBe("orderCanceled")
  })

  it("gives the next shipment order its own order number and reference on the service, the rest of the request unchanged", () => {
    const options = parsePluginOptions({ baseUrl: "https://api.example.com", merchantCode: "M", apiKey: "K", orderNumberPrefix: "SHOP-" })
    const intent = buildShipmentIntent(
      {
        id: "order_1",
        display_id: 42,
        email: "maria@example.com",
        currency_code: "eur",
        created_at: "2026-11-22T10:00:00.000Z",
        item_total: 10,
        shipping_address: { first_name: "Maria", last_name: "Bianchi", phone: "+39 333" },
        items: [{ title: "Sneakers", quantity: 1 }],
      } as Parameters<typeof buildShipmentIntent>[0],
      { options, pickupPointCode: "PP-2", pickupPoint: null, shippingAmount: 4.9, orderCountInCurrentYear: 0 }
    )
    const next = withServiceIdentity(intent, { order_number: "SHOP-42-2", reference: "order_1-2" })
    expect(next.order_number).toBe("SHOP-42-2")
    expect(next.request).toEqual({ ...intent.request, orderNumber: "SHOP-42-2", orderNumberRif: "SHOP-42-2", reference: "order_1-2" })
    expect(intent.request!.orderNumber).toBe("SHOP-42")
  })
})
