import { buildShipmentIntent, compactDateIn, type OrderForShipment } from "../lib/build-shipment-intent"
import { parsePluginOptions } from "../options"

const baseOptions = { baseUrl: "https://api.example.com", merchantCode: "M", apiKey: "K" }

function order(overrides: Partial<OrderForShipment> = {}): OrderForShipment {
  return {
    id: "order_1",
    display_id: 42,
    email: "maria@example.com",
    currency_code: "eur",
    created_at: "2026-12-31T23:30:00.000Z",
    item_total: 150,
    shipping_address: { first_name: "Maria", last_name: "Bianchi", phone: "+39 333" },
    items: [
      { title: "Sneakers", product_title: "Sneakers", variant_title: "42", variant_sku: "SNK-42", quantity: 2, variant: { weight: 900, length: 300, height: 120, width: 200 } },
      { title: "Socks", variant_sku: null, quantity: 1, variant: { weight: 100, length: 100, height: 20, width: 100 } },
    ],
    ...overrides,
  }
}

function build(options: Record<string, unknown> = {}, orderOverrides: Partial<OrderForShipment> = {}, stockLocationId?: string) {
  return buildShipmentIntent(order(orderOverrides), {
    options: parsePluginOptions({ ...baseOptions, dimensionUnit: "mm", ...options }),
    pickupPointCode: "PP-1",
    pickupPoint: null,
    shippingAmount: 4.9,
    stockLocationId,
    orderCountInCurrentYear: 7,
  })
}

describe("buildShipmentIntent", () => {
  it("maps the order to the create request, in cm and kg", () => {
    const intent = build({ orderNumberPrefix: "SHOP-", timeZone: "Europe/Rome", warehouses: { default: "WH-1" } })

    expect(intent).toMatchObject({ order_id: "order_1", order_number: "SHOP-42", pickup_point_code: "PP-1", problem: undefined })
    expect(intent.request).toEqual({
      customer: "Maria Bianchi",
      customerEmail: "maria@example.com",
      customerPhone: "+39 333",
      orderNumber: "SHOP-42",
      orderNumberRif: "SHOP-42",
      reference: "order_1",
      // 23:30 UTC on 31 December is already 1 January in Rome.
      orderDate: "20270101",
      description: "Order SHOP-42",
      notes: undefined,
      codePickupPoint: "PP-1",
      codePickingPoint: "WH-1",
      width: 20,
      depth: 30,
      height: 26,
      grossWeight: 1.9,
      volume: 14600,
      goodsValue: 150,
      currencyGoodsValue: "EUR",
      insured: false,
      labelType: undefined,
      proximityPrice: 4.9,
      orderCountInCurrentYear: 7,
      rows: [
        { productCode: "SNK-42", description: "Sneakers - 42", notes: "Quantity 2", width: 20, height: 12, depth: 30, grossWeight: 1.8, volume: "14400" },
        { productCode: undefined, description: "Socks", notes: undefined, width: 10, height: 2, depth: 10, grossWeight: 0.1, volume: "200" },
      ],
    })
  })

  it("picks the warehouse mapped to the stock location, else the default", () => {
    const warehouses = { default: "WH-DEFAULT", byStockLocation: { sloc_rome: "WH-ROMA" } }
    expect(build({ warehouses }, {}, "sloc_rome").request?.codePickingPoint).toBe("WH-ROMA")
    expect(build({ warehouses }, {}, "sloc_other").request?.codePickingPoint).toBe("WH-DEFAULT")
  })

  it.each([
    [{ insuranceEnabled: true, insurance: "always" }, true],
    [{ insuranceEnabled: false, insurance: "always" }, false],
    [{ insuranceEnabled: true, insurance: "never" }, false],
    [{ insuranceEnabled: true, insurance: { minGoodsValue: 150 } }, true],
    [{ insuranceEnabled: true, insurance: { minGoodsValue: 150.01 } }, false],
  ])("insures by policy %j: %p", (options, insured) => {
    expect(build(options).request?.insured).toBe(insured)
  })

  it("leaves the package's size out when a variant has none, but keeps what is known", () => {
    const intent = build({}, { items: [{ title: "Gift card", quantity: 1, variant: { weight: 10 } }] })
    expect(intent.request).toMatchObject({ grossWeight: 0.01, width: undefined, height: undefined, depth: undefined, volume: undefined })
  })

  it("reports a missing phone as a problem an admin can act on, falling back to the customer's", () => {
    expect(build({}, { shipping_address: { first_name: "A", last_name: "B", phone: null }, customer: { phone: "+39 02" } }).request?.customerPhone).toBe("+39 02")
    // A blank address phone is none: the customer's is taken, as the checkout's phone check takes it.
    expect(build({}, { shipping_address: { first_name: "A", last_name: "B", phone: "  " }, customer: { phone: " +39 02 " } }).request?.customerPhone).toBe("+39 02")

    const intent = build({}, { shipping_address: { first_name: "A", last_name: "B", phone: " " }, customer: null })
    expect(intent.problem).toBe(
      "The order has no phone number, which the carrier requires: add one to the shipping address, then retry the shipment."
    )
  })

  it("writes the date in the store's time zone", () => {
    expect(compactDateIn("2026-03-01T01:00:00Z", "America/New_York")).toBe("20260228")
    expect(compactDateIn("2026-03-01T01:00:00Z", "UTC")).toBe("20260301")
  })
})
