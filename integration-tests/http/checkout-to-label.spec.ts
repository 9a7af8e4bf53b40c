import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { PDFParse } from "pdf-parse"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { advanceDueShipmentsWorkflow, buildShipmentIntentWorkflow, createShipmentOrderWorkflow } from "../../src/workflows"
import { freshStore } from "../helpers/fresh-store"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart, type CheckoutOptions } from "../helpers/store-checkout"
import { errorResponse } from "../helpers/error-response"
import type { SandboxOrderView } from "../../test-support/sandbox-fixtures"
import { DUOMO_POINT_WITH_CODES } from "../helpers/catalog-points"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

/** The carrier's tracking page, for the tracking link on Medusa's fulfillment (read from the environment by medusa-config.ts). */
const TRACKING_URL_TEMPLATE = "https://track.example.com/parcel?n={tracking_number}"
/** Medusa's `admin.backendUrl` (from MEDUSA_BACKEND_URL): the label link's origin when the plugin's `backendUrl` is not set. */
const MEDUSA_BACKEND_URL = "https://shop.example.test"
const previousEnv = { template: process.env.PICKUP_POINT_TRACKING_URL_TEMPLATE, backend: process.env.MEDUSA_BACKEND_URL }
const restoreEnv = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value))
beforeAll(() => {
  process.env.PICKUP_POINT_TRACKING_URL_TEMPLATE = TRACKING_URL_TEMPLATE
  process.env.MEDUSA_BACKEND_URL = MEDUSA_BACKEND_URL
})
afterAll(() => {
  restoreEnv("PICKUP_POINT_TRACKING_URL_TEMPLATE", previousEnv.template)
  restoreEnv("MEDUSA_BACKEND_URL", previousEnv.backend)
})

const CATALOG_POINT = {
  ...DUOMO_POINT_WITH_CODES,
  opening_hours: { mon: ["09:00-19:00"] },
  network_code: "PUDO",
  network_name: "PUDO Network",
}

/** Two more of the sandbox's points, to change to. */
const NAVIGLI_POINT = { ...CATALOG_POINT, code: "PP-MI-002", public_code: "MI002", name: "Tabacchi Navigli", address: "Ripa di Porta Ticinese 55", postcode: "20143" }
const TRASTEVERE_POINT = {
  ...CATALOG_POINT,
  code: "PP-RM-001",
  public_code: "RM001",
  name: "Cartoleria Trastevere",
  address: "Viale di Trastevere 60",
  city: "Roma",
  postcode: "00153",
  province: "RM",
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, control(), CATALOG_POINT))
    })

    const checkout = (options: CheckoutOptions = {}) => checkoutThroughStoreApi(api, store, options)

    const sandboxOrders = async (orderNumber: string) =>
      ((await control().get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.orderNumber === orderNumber)

    // At rest in that status: the creation that wrote it has also released its lease (else an admin action meanwhile is a 409).
    const shipmentOf = (orderId: string, status?: string) =>
      waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
        return shipment && (!status || (shipment.status === status && !shipment.lease_owner)) ? shipment : null
      })

    it("creates the shipment orders of a burst of placed orders together: one each, and their imports checked in one status call", async () => {
      // One shopper's address has neither name nor phone: the customer's are sent (read for that order alone).
      const [customer] = await getContainer()
        .resolve(Modules.CUSTOMER)
        .createCustomers([{ email: "burst-customer@example.com", first_name: "Carla", last_name: "Verdi", phone: "+39 347 7654321" }])
      const address = { first_name: "Burst", last_name: "Shopper", phone: "+39 02 1234567", address_1: "Via Roma 1", city: "Milano", postal_code: "20121", country_code: "it" }
      // Placed all at once (a sale's opening): made by the Order Module, announced in one emit, as the event bus delivers them.
      const orders = await getContainer()
        .resolve(Modules.ORDER)
        .createOrders(
          Array.from({ length: 12 }, (_, i) => ({
            region_id: store.region.id,
            sales_channel_id: store.salesChannel.id,
            currency_code: "eur",
            email: `burst-${i}@example.com`,
            ...(i === 5 ? { customer_id: customer.id, shipping_address: { ...address, first_name: "", last_name: "", phone: "" } } : { shipping_address: address }),
            items: [{ title: "Sneakers", product_title: "Sneakers", variant_id: store.variant.id, quantity: 1, unit_price: 59.9 }],
            shipping_methods: [{ name: "Pickup point", amount: 4.9, shipping_option_id: store.shippingOption.id, data: { pickup_point_code: CATALOG_POINT.code } }],
          }))
        )
      const callsBefore = ((await control().get("/calls")).data.calls as unknown[]).length
      // One order's event delivered twice, as an event bus may: it changes nothing.
      await getContainer().resolve(Modules.EVENT_BUS).emit([...orders, orders[0]].map((order) => ({ name: "order.placed", data: { id: order.id } })))

      const shipments = await Promise.all(orders.map((order) => shipmentOf(order.id, "ready")))
      expect(new Set(shipments.map((s) => s.order_number)).size).toBe(12)
      // By e-mail: the Order Module does not promise to answer the orders in the order they were given.
      const shipmentBy = (email: string) => shipments[orders.findIndex((order) => order.email === email)]
      expect(shipmentBy("burst-5@example.com").request).toMatchObject({ customer: "Carla Verdi", customerPhone: "+39 347 7654321" })
      expect(shipmentBy("burst-4@example.com").request).toMatchObject({ customer: "Burst Shopper", customerPhone: "+39 02 1234567" })
      for (const shipment of shipments) expect(await sandboxOrders(shipment.order_number)).toHaveLength(1)
      const calls: { operation: string }[] = (await control().get("/calls")).data.calls.slice(callsBefore)
      expect(calls.filter((c) => c.operation === "create")).toHaveLength(12)
      expect(calls.filter((c) => c.operation === "status")).toHaveLength(1)

      // The one-order workflow (exported) on an order already done: its shipment as it is, nothing made again.
      const { result: again } = await createShipmentOrderWorkflow(getContainer()).run({ input: { order_id: orders[0].id } })
      expect(again).toMatchObject({ id: shipments[0].id, status: "ready", order_reference_code: shipments[0].order_reference_code })
      const callsAfter: { operation: string }[] = (await control().get("/calls")).data.calls.slice(callsBefore)
      expect(callsAfter.filter((c) => c.operation === "create")).toHaveLength(12)

      // Recorded by one statement, the burst's shipments share their created_at: the admin's list breaks the tie by id,
      // so that its pages neither repeat nor skip a shipment (ties are in no fixed order in PostgreSQL).
      expect(new Set(shipments.map((s) => new Date(s.created_at).getTime())).size).toBeLessThan(12)
      const listed: string[] = []
      for (let offset = 0; offset < 12; offset += 3) {
        const { data } = await api.get(`/admin/pickup-point/shipments?limit=3&offset=${offset}`, admin)
        listed.push(...data.shipments.map((s: { id: string }) => s.id))
      }
      // Newest first as PostgreSQL orders them (its times are finer than a JavaScript Date's).
      const newestFirst = await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`SELECT id FROM pickup_point_shipment WHERE id = ANY(?) ORDER BY created_at DESC, id DESC`, [shipments.map((s) => s.id)])
      expect(listed).toEqual(newestFirst.rows.map((row: { id: string }) => row.id))

      // The admin's bulk actions read the chosen shipments again by id (one, or up to 100), in the list's order.
      const chosen = [shipments[2].id, shipments[7].id]
      const { data: byId } = await api.get(`/admin/pickup-point/shipments?${chosen.map((id, i) => `id[${i}]=${id}`).join("&")}`, admin)
      expect(byId.shipments.map((s: { id: string }) => s.id)).toEqual(listed.filter((id) => chosen.includes(id)))
      // More than a page: all of those asked for come back, whatever the page size.
      const { data: all } = await api.get(`/admin/pickup-point/shipments?limit=2&${shipments.map((s) => `id[]=${s.id}`).join("&")}`, admin)
      expect(all.shipments).toHaveLength(12)
      const { data: one } = await api.get(`/admin/pickup-point/shipments?id=${shipments[2].id}`, admin)
      expect(one).toMatchObject({ count: 1, shipments: [expect.objectContaining({ id: shipments[2].id })] })
      const tooMany = await api
        .get(`/admin/pickup-point/shipments?${Array.from({ length: 101 }, (_, i) => `id[]=pship_${i}`).join("&")}`, admin)
        .catch(errorResponse)
      expect(tooMany.status).toBe(400)
      expect(tooMany.data).toMatchObject({ type: "invalid_data" })

      // Found by part of a number an admin is quoted (the carrier's reference here), in any case, and by the order
      // number as Medusa shows it (#); `%` typed is itself; with the attention filter, both apply.
      const found = async (query: string) =>
        (await api.get(`/admin/pickup-point/shipments?${query}`, admin)).data as { count: number; shipments: { id: string }[] }
      const reference = shipments[2].order_reference_code!
      expect((await found(`q=${encodeURIComponent(reference.toLowerCase())}`)).shipments.map((s) => s.id)).toEqual([shipments[2].id])
      expect((await found(`q=${encodeURIComponent(`#${shipments[2].order_number}`)}`)).shipments.map((s) => s.id)).toContain(shipments[2].id)
      expect((await found("q=%25")).count).toBe(0)
      expect((await found(`q=${encodeURIComponent(reference)}&needs_attention=true`)).count).toBe(0)
    })

    it("goes from checkout with a chosen point to a downloadable label, and refuses cancel after it", async () => {
      const order = await checkout()

      const shipment = await shipmentOf(order.id, "ready")
      const [sent] = await sandboxOrders(`TEST-${order.display_id}`)
      expect(sent.orderReferenceCode).toBe(shipment.order_reference_code)
      expect(sent.request).toEqual({
        customer: "Maria Bianchi",
        customerEmail: "maria.bianchi@example.com",
        customerPhone: "+39 333 1234567",
        orderNumber: `TEST-${order.display_id}`,
        orderNumberRif: `TEST-${order.display_id}`,
        reference: order.id,
        orderDate: expect.stringMatching(/^2\d{7}$/),
        description: `Order TEST-${order.display_id}`,
        codePickupPoint: "PP-MI-001",
        codePickingPoint: "WH-MILANO",
        width: 20,
        depth: 30,
        height: 24,
        grossWeight: 1.8,
        volume: 14400,
        goodsValue: 119.8,
        currencyGoodsValue: "EUR",
        insured: false,
        proximityPrice: 4.9,
        orderCountInCurrentYear: 0,
        rows: [
          {
            productCode: "SNK-42",
            description: "Sneakers - 42",
            notes: "Quantity 2",
            width: 20,
            height: 12,
            depth: 30,
            grossWeight: 1.8,
            volume: "14400",
          },
        ],
      })
      expect(shipment.pickup_point).toMatchObject({ code: "PP-MI-001", name: "Edicola Duomo" })

      // "Fulfill items" in the admin.
      const fulfilled = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.location.id },
        admin
      )
      expect(fulfilled.status).toBe(200)
      const labelled = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect(labelled).toMatchObject({ status: "label_generated", tracking_number: expect.stringMatching(/^PP\d{10}IT$/) })

      const {
        data: { order: withFulfillment },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      const [label] = withFulfillment.fulfillments[0].labels
      // Absolute, as Medusa's order page links only absolute URLs: from Medusa's admin.backendUrl, not the request's Host.
      expect(label).toMatchObject({
        tracking_number: labelled.tracking_number,
        tracking_url: `https://track.example.com/parcel?n=${labelled.tracking_number}`,
        label_url: `${MEDUSA_BACKEND_URL}/admin/pickup-point/shipments/${shipment.id}/label`,
      })
      const pdf = await api.get(new URL(label.label_url).pathname, { ...admin, responseType: "arraybuffer" })
      expect(pdf.headers["content-type"]).toBe("application/pdf")
      const { text } = await new PDFParse({ data: new Uint8Array(pdf.data) }).getText()
      expect(text).toContain(labelled.tracking_number)
      expect(text).toContain("Edicola Duomo")

      const cancel = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch(errorResponse)
      expect(cancel.status).toBe(400)
      expect(cancel.data.message).toBe(`Shipment order TEST-${order.display_id} cannot be cancelled: its label has been generated.`)
      const cancelFulfillment = await api
        .post(`/admin/orders/${order.id}/fulfillments/${withFulfillment.fulfillments[0].id}/cancel`, {}, admin)
        .catch(errorResponse)
      expect(cancelFulfillment.status).toBe(400)
      expect(cancelFulfillment.data.message).toContain("already has a label")
    })

    it("declares as goods value what Medusa totals the items at: taxes in, discounts out", async () => {
      const [order] = await getContainer()
        .resolve(Modules.ORDER)
        .createOrders([
          {
            region_id: store.region.id,
            sales_channel_id: store.salesChannel.id,
            currency_code: "eur",
            email: "maria.bianchi@example.com",
            shipping_address: { first_name: "Maria", last_name: "Bianchi", phone: "+39 333 1234567", address_1: "Via Roma 1", city: "Milano", postal_code: "20121", country_code: "it" },
            items: [
              // 2 × 100 net, 10 off, 22% on the rest: 231.80.
              { title: "Sneakers", variant_id: store.variant.id, quantity: 2, unit_price: 100, tax_lines: [{ code: "IVA", rate: 22 }], adjustments: [{ code: "PROMO", amount: 10 }] },
              // 3 × 12.20 with 22% in, 6.10 off with tax in: 30.50.
              { title: "Socks", quantity: 3, unit_price: 12.2, is_tax_inclusive: true, tax_lines: [{ code: "IVA", rate: 22 }], adjustments: [{ code: "PROMO", amount: 6.1, is_tax_inclusive: true }] },
            ],
            shipping_methods: [{ name: "Pickup point", amount: 4.9, shipping_option_id: store.shippingOption.id, data: { pickup_point_code: "PP-MI-001" } }],
          },
        ] as never)
      const { result } = await buildShipmentIntentWorkflow(getContainer()).run({ input: { order_id: order.id } })
      const {
        data: [totalled],
      } = await getContainer().resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order", fields: ["item_total"], filters: { id: order.id } })
      expect(result?.request?.goodsValue).toBe(262.3)
      expect(result?.request?.goodsValue).toBe(Math.round(Number(totalled.item_total) * 100) / 100)
    })

    it("changes the pickup point before the label: one live shipment order, for the new point, audited; refused otherwise", async () => {
      await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
      const { data: inactivePoint } = await api.post("/admin/pickup-points", TRASTEVERE_POINT, admin)
      await api.post(`/admin/pickup-points/${inactivePoint.pickup_point.id}`, { is_active: false }, admin)
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      const change = (id: string, body: object) => api.post(`/admin/pickup-point/shipments/${id}/pickup-point`, body, admin).catch(errorResponse)
      const liveOnService = async () =>
        ((await control().get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.reference.startsWith(order.id) && !o.cancelledAt)

      const same = await change(shipment.id, { pickup_point_code: "PP-MI-001" })
      expect(same.status).toBe(400)
      expect(same.data.message).toBe(`The shipment of TEST-${order.display_id} already goes to PP-MI-001: choose another pickup point.`)
      const inactive = await change(shipment.id, { pickup_point_code: "PP-RM-001" })
      expect(inactive.status).toBe(400)
      expect(inactive.data.message).toBe("Pickup point PP-RM-001 (Cartoleria Trastevere) is inactive: activate it on the Pickup points page, or choose another.")
      const unknown = await change(shipment.id, { pickup_point_code: "PP-NOWHERE" })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toContain("is not in the catalog")
      // As checkout refuses it: the order ships to Italy, the point is in Switzerland.
      await api.post("/admin/pickup-points", { ...CATALOG_POINT, code: "PP-CH-001", public_code: "CH001", name: "Kiosk Chiasso", city: "Chiasso", postcode: "6830", country_code: "ch" }, admin)
      const abroad = await change(shipment.id, { pickup_point_code: "PP-CH-001" })
      expect(abroad.status).toBe(400)
      expect(abroad.data.message).toBe(`Pickup point PP-CH-001 (Kiosk Chiasso) is in CH, and order TEST-${order.display_id} ships to IT: choose a point in IT.`)
      expect(await liveOnService()).toEqual([expect.objectContaining({ orderReferenceCode: shipment.order_reference_code })])

      // The service cannot cancel the old one: nothing changes, and the admin is told why.
      await control().post("/faults", { operation: "cancel", kind: "http_503", times: 10 })
      const outage = await change(shipment.id, { pickup_point_code: "PP-MI-002" })
      await control().delete("/faults")
      expect(outage.status).toBeGreaterThanOrEqual(400)
      expect(outage.data.message).toContain("HTTP 503")
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "ready", pickup_point_code: "PP-MI-001" })
      const {
        data: { order: unchanged },
      } = await api.get(`/admin/orders/${order.id}?fields=shipping_methods.data`, admin)
      expect(unchanged.shipping_methods[0].data.pickup_point_code).toBe("PP-MI-001")
      expect(await liveOnService()).toEqual([expect.objectContaining({ orderReferenceCode: shipment.order_reference_code })])

      const changed = await change(shipment.id, { pickup_point_code: "PP-MI-002", note: "Closer to the customer's office" })
      expect(changed.status).toBe(200)
      const next = await shipmentOf(order.id, "ready")
      expect(next).toMatchObject({ pickup_point_code: "PP-MI-002", order_number: `TEST-${order.display_id}-2`, create_attempts: 1 })
      expect(next.id).toBe(changed.data.shipment.id)
      expect(next.id).not.toBe(shipment.id)

      // The old shipment order is cancelled on the service, and exactly one is live: the new point's.
      const all = ((await control().get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.reference.startsWith(order.id))
      expect(all).toHaveLength(2)
      expect(all.find((o) => o.orderReferenceCode === shipment.order_reference_code)?.cancelledAt).toBeTruthy()
      const live = await liveOnService()
      expect(live).toHaveLength(1)
      expect(live[0]).toMatchObject({ orderReferenceCode: next.order_reference_code })
      expect(live[0].request).toMatchObject({
        codePickupPoint: "PP-MI-002",
        orderNumber: `TEST-${order.display_id}-2`,
        orderNumberRif: `TEST-${order.display_id}-2`,
        reference: `${order.id}-2`,
      })

      // The order's shipping method carries the new point, as checkout stores it.
      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=shipping_methods.data`, admin)
      expect(after.shipping_methods[0].data).toMatchObject({ pickup_point_code: "PP-MI-002", pickup_point: { code: "PP-MI-002", name: "Tabacchi Navigli" } })

      // Audited with who did it; the old shipment's history stays on the timeline.
      const { data: overview } = await api.get(`/admin/pickup-point/shipments/${next.id}/overview`, admin)
      const changedLine = `Pickup point changed from PP-MI-001 to PP-MI-002. Note: Closer to the customer's office`
      expect(overview.timeline).toContainEqual(
        expect.objectContaining({
          kind: "status",
          status: "pending",
          message: changedLine,
          // Shown in the admin's language: the line's key and its parts.
          message_key: { key: "pickupPointChangedNote", params: { from: "PP-MI-001", to: "PP-MI-002", note: "Closer to the customer's office" } },
          actor: "admin@medusa-test.com",
        })
      )
      expect(overview.timeline).toContainEqual(expect.objectContaining({ kind: "status", status: "cancelled" }))
      // The replaced shipment's "continued as" line repeats the change: left out while its successor is shown.
      expect(overview.timeline.filter((entry: { message?: string }) => entry.message?.includes("Continued as shipment"))).toEqual([])
      const replaced = await change(shipment.id, { pickup_point_code: "PP-MI-001" })
      expect(replaced.status).toBe(404)

      await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.location.id },
        admin
      )
      await shipmentOf(order.id, "label_generated")
      const afterLabel = await change(next.id, { pickup_point_code: "PP-MI-001" })
      expect(afterLabel.status).toBe(400)
      expect(afterLabel.data.message).toBe(
        `The pickup point of TEST-${order.display_id}-2 cannot be changed: its label has been generated. Ask the carrier to redirect the parcel instead.`
      )
      expect(await liveOnService()).toHaveLength(1)
    })

    it("retries a shipment made by a change of point under its own order number on the service", async () => {
      await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      // The service refuses the new point's create every time it is tried (three tries make it failed).
      await control().post("/faults", { operation: "create", kind: "reject", times: 3 })
      await api.post(`/admin/pickup-point/shipments/${shipment.id}/pickup-point`, { pickup_point_code: "PP-MI-002" }, admin)
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      const failed = await shipmentOf(order.id, "failed")
      expect(failed.order_number).toBe(`TEST-${order.display_id}-2`)

      const retried = await api.post(`/admin/pickup-point/shipments/${failed.id}/retry`, {}, admin)
      expect(retried.data.shipment).toMatchObject({ status: "ready", order_number: `TEST-${order.display_id}-2` })
      const live = ((await control().get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.reference.startsWith(order.id) && !o.cancelledAt)
      expect(live).toHaveLength(1)
      expect(live[0].request).toMatchObject({ orderNumber: `TEST-${order.display_id}-2`, reference: `${order.id}-2`, codePickupPoint: "PP-MI-002" })
    })

    describe("changing the pickup point safely", () => {
      const change = (id: string, body: object) => api.post(`/admin/pickup-point/shipments/${id}/pickup-point`, body, admin).catch(errorResponse)
      const liveOnService = async (orderId: string) =>
        ((await control().get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.reference.startsWith(orderId) && !o.cancelledAt)
      const orderView = async (orderId: string) =>
        (await api.get(`/admin/orders/${orderId}?fields=status,shipping_address.id,shipping_methods.id,shipping_methods.data`, admin)).data.order

      it("refuses a change it cannot finish before cancelling anything, and finishes one that stopped after the cancel", async () => {
        await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
        const order = await checkout()
        const shipment = await shipmentOf(order.id, "ready")
        const before = await orderView(order.id)
        const orders = getContainer().resolve("order")
        await orders.updateOrderAddresses({ id: before.shipping_address.id, phone: "" })

        // The new shipment order would lack the phone the carrier requires: the old one stays live.
        const noPhone = await change(shipment.id, { pickup_point_code: "PP-MI-002" })
        expect(noPhone.status).toBe(400)
        expect(noPhone.data.message).toBe(
          `The pickup point of TEST-${order.display_id} was not changed: The order has no phone number, which the carrier requires: add one to the shipping address. Then change the pickup point again.`
        )
        expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "ready", pickup_point_code: "PP-MI-001" })
        expect(await liveOnService(order.id)).toEqual([expect.objectContaining({ orderReferenceCode: shipment.order_reference_code })])
        expect((await orderView(order.id)).shipping_methods[0].data.pickup_point_code).toBe("PP-MI-001")

        // A change that stopped once the old shipment order was cancelled (the method already carries the new point).
        await orders.updateOrderAddresses({ id: before.shipping_address.id, phone: "+39 02 555 0101" })
        await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin)
        const [method] = before.shipping_methods
        await orders.updateOrderShippingMethods([{ id: method.id, data: { ...method.data, pickup_point_code: "PP-MI-002" } }])
        expect(await liveOnService(order.id)).toEqual([])

        const finished = await change(shipment.id, { pickup_point_code: "PP-MI-002" })
        expect(finished.status).toBe(200)
        const next = await shipmentOf(order.id, "ready")
        expect(next).toMatchObject({ pickup_point_code: "PP-MI-002", order_number: `TEST-${order.display_id}-2` })
        const live = await liveOnService(order.id)
        expect(live).toHaveLength(1)
        expect(live[0]).toMatchObject({ orderReferenceCode: next.order_reference_code, request: { codePickupPoint: "PP-MI-002", customerPhone: "+39 02 555 0101" } })
        expect((await orderView(order.id)).shipping_methods[0].data).toMatchObject({ pickup_point_code: "PP-MI-002", pickup_point: { name: "Tabacchi Navigli" } })
      })

      it("tells the order's page whether the shipment's point is still active in the catalog, with its hours now", async () => {
        const order = await checkout()
        const shipment = await shipmentOf(order.id, "ready")
        const catalogPoint = async () => (await api.get(`/admin/pickup-point/shipments/${shipment.id}/overview`, admin)).data.catalog_point
        expect(await catalogPoint()).toEqual({ is_active: true, opening_hours: { mon: ["09:00-19:00"] } })
        const [point] = await pickupPoints.listPickupPoints({ code: "PP-MI-001" })
        await api.post(`/admin/pickup-points/${point.id}`, { is_active: false, opening_hours: { tue: ["10:00-12:00"] } }, admin)
        expect(await catalogPoint()).toEqual({ is_active: false, opening_hours: { tue: ["10:00-12:00"] } })
        await pickupPoints.softDeletePickupPoints([point.id])
        expect(await catalogPoint()).toBeNull()
      })

      it("ships again to the order's own point after a change to another that stopped once it had written the shipping method", async () => {
        await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
        const order = await checkout()
        const shipment = await shipmentOf(order.id, "ready")
        const [method] = (await orderView(order.id)).shipping_methods
        // A change to PP-MI-002 stopped after the cancel: the method carries PP-MI-002, the shipment PP-MI-001.
        await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin)
        await getContainer().resolve("order").updateOrderShippingMethods([{ id: method.id, data: { ...method.data, pickup_point_code: "PP-MI-002" } }])

        const again = await change(shipment.id, { pickup_point_code: "PP-MI-001" })
        expect(again.status).toBe(200)
        const next = await shipmentOf(order.id, "ready")
        expect(next).toMatchObject({ pickup_point_code: "PP-MI-001", order_number: `TEST-${order.display_id}-2` })
        expect(await liveOnService(order.id)).toEqual([
          expect.objectContaining({ orderReferenceCode: next.order_reference_code, request: expect.objectContaining({ codePickupPoint: "PP-MI-001" }) }),
        ])
        expect((await orderView(order.id)).shipping_methods[0].data).toMatchObject({ pickup_point_code: "PP-MI-001", pickup_point: { code: "PP-MI-001" } })
      })

      it("lets one of two changes at once go through: one live shipment order, for the point the shipping method carries", async () => {
        await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
        await api.post("/admin/pickup-points", TRASTEVERE_POINT, admin)
        const order = await checkout()
        const shipment = await shipmentOf(order.id, "ready")

        const answers = await Promise.all(["PP-MI-002", "PP-RM-001"].map((code) => change(shipment.id, { pickup_point_code: code })))
        const won = answers.filter((answer) => answer.status === 200)
        expect(won).toHaveLength(1)
        expect(answers.find((answer) => answer.status !== 200)!.status).toBeGreaterThanOrEqual(400)

        const next = await shipmentOf(order.id, "ready")
        expect(next.id).toBe(won[0].data.shipment.id)
        const live = await liveOnService(order.id)
        expect(live).toHaveLength(1)
        expect(live[0]).toMatchObject({ orderReferenceCode: next.order_reference_code, request: { codePickupPoint: next.pickup_point_code } })
        expect((await orderView(order.id)).shipping_methods[0].data).toMatchObject({
          pickup_point_code: next.pickup_point_code,
          pickup_point: { code: next.pickup_point_code },
        })
      })

      it("refuses a change for a cancelled order, and until the carrier has imported the order", async () => {
        await api.post("/admin/pickup-points", NAVIGLI_POINT, admin)
        const order = await checkout()
        await shipmentOf(order.id, "ready")
        await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
        const cancelled = await shipmentOf(order.id, "cancelled")
        const refused = await change(cancelled.id, { pickup_point_code: "PP-MI-002" })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toBe(`The pickup point of TEST-${order.display_id} cannot be changed: the order is cancelled.`)
        expect(await liveOnService(order.id)).toEqual([])
        expect(await pickupPoints.listPickupPointShipments({ order_id: order.id }, { withDeleted: true })).toHaveLength(1)

        await control().patch("/settings", { importDelayMs: 60_000 })
        const slow = await checkout()
        const importing = await shipmentOf(slow.id, "awaiting_import")
        const early = await change(importing.id, { pickup_point_code: "PP-MI-002" })
        expect(early.status).toBe(400)
        expect(early.data.message).toContain("Wait until the carrier has imported the order, then try again.")
        expect(await liveOnService(slow.id)).toEqual([expect.objectContaining({ orderReferenceCode: importing.order_reference_code })])
      })
    })

    it("refuses a missing, unknown or inactive pickup point when the shipping method is added", async () => {
      const { storeHeaders } = store
      const {
        data: { cart },
      } = await api.post(
        "/store/carts",
        { region_id: store.region.id, sales_channel_id: store.salesChannel.id, email: "a@example.com", items: [{ variant_id: store.variant.id, quantity: 1 }], shipping_address: { country_code: "it", address_1: "x", city: "Milano", postal_code: "20100" } },
        storeHeaders
      )
      const add = (data?: object) =>
        api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.shippingOption.id, data }, storeHeaders).catch(errorResponse)

      const missing = await add()
      expect(missing.status).toBe(400)
      expect(missing.data).toMatchObject({ type: "invalid_data", code: "pickup_point_required", message: "Choose a pickup point for this delivery." })

      const unknown = await add({ pickup_point_code: "NOWHERE" })
      expect(unknown.status).toBe(400)
      expect(unknown.data).toMatchObject({ code: "pickup_point_unavailable", message: "This pickup point is no longer available. Please choose another one." })

      const [point] = await pickupPoints.listPickupPoints({ code: CATALOG_POINT.code })
      await api.post(`/admin/pickup-points/${point.id}`, { is_active: false }, admin)
      const inactive = await add({ pickup_point_code: CATALOG_POINT.code })
      expect(inactive.status).toBe(400)
      expect(inactive.data.code).toBe("pickup_point_unavailable")
    })

    it("sells a published point through a storefront with no picker", async () => {
      const [point] = await pickupPoints.listPickupPoints({ code: CATALOG_POINT.code })
      const body = {
        pickup_point_ids: [point.id],
        service_zone_id: store.shippingOption.service_zone_id,
        shipping_profile_id: store.shippingOption.shipping_profile_id,
        prices: [{ currency_code: "eur", amount: 3.5 }],
      }
      const published = await api.post("/admin/pickup-points/publish", body, admin)
      expect(published.data.shipping_options).toHaveLength(1)
      const [option] = published.data.shipping_options
      expect(option).toMatchObject({ name: "Pickup point: Edicola Duomo, Piazza del Duomo 1, Milano", data: { pickup_point_code: "PP-MI-001" } })
      const again = await api.post("/admin/pickup-points/publish", body, admin)
      expect(again.data).toEqual({ shipping_options: [], skipped_pickup_point_ids: [point.id] })

      // Renamed or moved in the catalog, the point is offered under its new name; an option the
      // admin named themselves keeps their name.
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      await api.post(`/admin/pickup-points/${point.id}`, { name: "Edicola Duomo (rinnovata)", address: "Piazza del Duomo 2" }, admin)
      expect((await fulfillment.retrieveShippingOption(option.id)).name).toBe("Pickup point: Edicola Duomo (rinnovata), Piazza del Duomo 2, Milano")
      await fulfillment.updateShippingOptions(option.id, { name: "Ritiro in edicola" })
      await api.post(`/admin/pickup-points/${point.id}`, { name: "Edicola Duomo" }, admin)
      expect((await fulfillment.retrieveShippingOption(option.id)).name).toBe("Ritiro in edicola")
      await api.post(`/admin/pickup-points/${point.id}`, { address: "Piazza del Duomo 1" }, admin)

      const order = await checkout({ optionId: option.id, pickupPointCode: null })

      const shipment = await shipmentOf(order.id, "ready")
      expect(shipment.pickup_point_code).toBe("PP-MI-001")
      const [sent] = await sandboxOrders(`TEST-${order.display_id}`)
      expect(sent.request).toMatchObject({ codePickupPoint: "PP-MI-001", proximityPrice: 3.5 })
    })

    it("refuses to complete a cart whose point was deactivated after it was chosen", async () => {
      const [point] = await pickupPoints.listPickupPoints({ code: CATALOG_POINT.code })
      const error = await checkout({
        beforeComplete: async () => {
          await api.post(`/admin/pickup-points/${point.id}`, { is_active: false }, admin)
        },
      }).catch((e) => e)
      expect(error.response?.status).toBe(400)
      expect(error.response?.data).toMatchObject({ code: "pickup_point_unavailable", message: "This pickup point is no longer available. Please choose another one." })
      expect(await pickupPoints.listPickupPointShipments({})).toHaveLength(0)
    })

    it("places the order with the point's address as the catalog has it at completion, not as it was when chosen", async () => {
      const [point] = await pickupPoints.listPickupPoints({ code: CATALOG_POINT.code })
      const order = await checkout({
        beforeComplete: async () => {
          await api.post(`/admin/pickup-points/${point.id}`, { address: "Via Nuova 3" }, admin)
        },
      })
      const { data } = await api.get(`/store/orders/${order.id}?fields=+shipping_methods.data`, store.storeHeaders)
      expect(data.order.shipping_methods[0].data.pickup_point).toMatchObject({ code: CATALOG_POINT.code, address: "Via Nuova 3" })
      const { data: collect } = await api.get(`/store/pickup-point/orders/${order.id}/shipment`, store.storeHeaders)
      expect(collect.pickup_point).toMatchObject({ code: CATALOG_POINT.code, address: "Via Nuova 3" })
    })

    it("records a missing phone as a visible problem, and retries once it is fixed", async () => {
      // POST /store/carts/:id/complete refuses a pickup-point cart without a phone (phone_required), so
      // this order is placed as a payment webhook or a custom checkout places one: Medusa's
      // completeCartWorkflow run directly, which the plugin's store middleware does not see.
      const cartId = await prepareCart(api, store, { phone: null })
      const { result } = await completeCartWorkflow(getContainer()).run({ input: { id: cartId } })
      const {
        data: { order },
      } = await api.get(`/admin/orders/${result.id}?fields=id,display_id`, admin)

      const shipment = await shipmentOf(order.id, "failed")
      expect(shipment.last_error).toContain("The order has no phone number")
      expect(await sandboxOrders(`TEST-${order.display_id}`)).toHaveLength(0)

      const refused = await api.post(`/admin/pickup-point/shipments/${shipment.id}/retry`, {}, admin).catch(errorResponse)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("The order has no phone number")

      const {
        data: { order: full },
      } = await api.get(`/admin/orders/${order.id}?fields=shipping_address.id`, admin)
      await getContainer().resolve("order").updateOrderAddresses({ id: full.shipping_address.id, phone: "+39 02 555 0101" })

      const retried = await api.post(`/admin/pickup-point/shipments/${shipment.id}/retry`, {}, admin)
      expect(retried.data.shipment).toMatchObject({ status: "ready", last_error: null })
      const [sent] = await sandboxOrders(`TEST-${order.display_id}`)
      expect(sent.request.customerPhone).toBe("+39 02 555 0101")
      expect(retried.data.shipment.history.map((h: { status: string }) => h.status)).toEqual([
        "failed",
        "pending",
        "creating",
        "awaiting_import",
        "ready",
      ])
    })

    describe("exactly once", () => {
      it.each([
        ["commit_then_drop", "unknown"],
        ["timeout", "unknown"],
        ["http_503", "pending"],
      ])("ends with one shipment order on the service after a %s on create", async (kind, stateAfterFault) => {
        await control().post("/faults", { operation: "create", kind, times: 1 })
        const order = await checkout()

        // Waits for the fault's outcome to be recorded, not for the intent (also pending, before any attempt).
        const afterFault = await waitFor(async () => {
          const shipment = await shipmentOf(order.id, stateAfterFault)
          return shipment.last_error ? shipment : null
        })
        expect(afterFault.create_attempts).toBe(1)
        expect(afterFault.last_error).toBeTruthy()

        const { result } = await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
        expect(result.processed).toBe(1)
        // A second run finds nothing left to create.
        await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })

        const shipment = await pickupPoints.retrievePickupPointShipment(afterFault.id)
        expect(shipment.status).toBe("ready")
        const onService = await sandboxOrders(`TEST-${order.display_id}`)
        expect(onService).toHaveLength(1)
        expect(shipment.order_reference_code).toBe(onService[0].orderReferenceCode)
        // After a lost answer the order is found, not created again.
        expect(shipment.create_attempts).toBe(kind === "commit_then_drop" ? 1 : 2)
      })
    })

    it("cancels the shipment order on demand before a label, and with the order", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")

      const cancelled = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, { notes: "Customer asked" }, admin)
      expect(cancelled.data.shipment).toMatchObject({ status: "cancelled", can_cancel: false })
      const [onService] = await sandboxOrders(`TEST-${order.display_id}`)
      expect(onService.cancelledAt).toBeTruthy()
      // With its shipment order cancelled, the order's items may go another way (home delivery of the same profile).
      const home = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id, shipping_option_id: store.homeDeliveryOption.id },
        admin
      )
      expect(home.status).toBe(200)
      expect(await sandboxOrders(`TEST-${order.display_id}`)).toHaveLength(1)
      // Its items gone another way, it is not shipped again: the carrier would get an order for a parcel never handed over.
      const again = await api.post(`/admin/pickup-point/shipments/${shipment.id}/pickup-point`, { pickup_point_code: "PP-MI-001" }, admin).catch(errorResponse)
      expect(again.status).toBe(400)
      expect(again.data.message).toBe(
        `Order TEST-${order.display_id} cannot be shipped again: its items have a fulfillment with another shipping option. Cancel that fulfillment first if they are to go to a pickup point.`
      )
      expect(await sandboxOrders(`TEST-${order.display_id}-2`)).toHaveLength(0)

      const other = await checkout()
      const otherShipment = await shipmentOf(other.id, "ready")
      await api.post(`/admin/orders/${other.id}/cancel`, {}, admin)
      await shipmentOf(other.id, "cancelled")
      const [otherOnService] = await sandboxOrders(`TEST-${other.display_id}`)
      expect(otherOnService.orderReferenceCode).toBe(otherShipment.order_reference_code)
      expect(otherOnService.cancelledAt).toBeTruthy()
    })

    it("ships an order again after the store cancelled its shipment order: to the same point, one live shipment order", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, { notes: "Cancelled by mistake" }, admin)
      // The store's cancel leaves the order unshipped: the same point is allowed now, where it is no change before.
      const again = await api.post(`/admin/pickup-point/shipments/${shipment.id}/pickup-point`, { pickup_point_code: "PP-MI-001", note: "Undo" }, admin)
      expect(again.data.shipment).toMatchObject({ pickup_point_code: "PP-MI-001", order_number: `TEST-${order.display_id}-2` })
      expect(again.data.shipment.history).toEqual(expect.arrayContaining([expect.objectContaining({ message: "Shipped again to PP-MI-001. Note: Undo" })]))
      const next = await shipmentOf(order.id, "ready")
      expect(next.id).toBe(again.data.shipment.id)
      const onService = (await sandboxOrders(`TEST-${order.display_id}`)).concat(await sandboxOrders(`TEST-${order.display_id}-2`))
      expect(onService.filter((o) => !o.cancelledAt).map((o) => [o.orderReferenceCode, o.request.codePickupPoint])).toEqual([[next.order_reference_code, "PP-MI-001"]])
      // A live shipment order is no change to its own point.
      const same = await api.post(`/admin/pickup-point/shipments/${next.id}/pickup-point`, { pickup_point_code: "PP-MI-001" }, admin).catch(errorResponse)
      expect(same.status).toBe(400)
      expect(same.data.message).toContain("already goes to PP-MI-001")
    })

    it("records a cancel whose answers were lost after a failed label, without taking the cancelled order for a label", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      // "Fulfill items" asked for the label and the service refused it: the request stays on the record.
      await control().post("/faults", { operation: "generateLabel", kind: "reject", times: 10 })
      const fulfil = await api
        .post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id }, admin)
        .catch((e: { response: { status: number } }) => e.response)
      expect(fulfil.status).toBe(400)
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).label_requested_at).toBeTruthy()

      // The service cancels the order and every answer (the client's retries' too) is lost: its status reads cancelled.
      await control().delete("/faults")
      await control().post("/faults", { operation: "cancel", kind: "commit_then_drop", times: 10 })
      const callsBefore = ((await control().get("/calls")).data.calls as unknown[]).length
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      await shipmentOf(order.id, "cancelled")
      const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id, status: "cancelled" })
      expect(history.map((e) => e.message)).toEqual([expect.stringContaining(`the carrier reports shipment order ${shipment.order_reference_code} cancelled`)])

      await control().delete("/faults")
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "cancelled", cancel_requested_at: null })
      const calls: { operation: string }[] = (await control().get("/calls")).data.calls.slice(callsBefore)
      expect(calls.map((c) => c.operation)).not.toContain("generateLabel")
    })

    it("finishes later a cancelled order's cancel whose answers were lost while its status could not be asked", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await control().post("/faults", { operation: "cancel", kind: "commit_then_drop", times: 10 })
      await control().post("/faults", { operation: "status", kind: "http_503", times: 10 })

      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)

      await waitFor(async () => ((await pickupPoints.retrievePickupPointShipment(shipment.id)).cancel_requested_at ? true : null))
      expect((await sandboxOrders(`TEST-${order.display_id}`))[0].cancelledAt).toBeTruthy()
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).status).toBe("ready")

      await control().delete("/faults")
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "cancelled", cancel_requested_at: null })
    })

    // Medusa has cancelled the order already: whatever the service does with the cancel, it is kept until carried out.
    it.each([
      ["is unavailable", "http_503", "answered HTTP 503"],
      ["answers what cannot be read", "malformed", "unreadable cancel response"],
      ["refuses it", "reject", "Request rejected by the service"],
    ])("cancels a cancelled order's shipment order later when the service %s", async (_, kind, lastError) => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await control().post("/faults", { operation: "cancel", kind, times: 10 })

      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)

      const requested = await waitFor(async () => {
        const current = await pickupPoints.retrievePickupPointShipment(shipment.id)
        return current.cancel_requested_at ? current : null
      })
      expect(requested.status).toBe("ready")
      expect(requested.last_error).toContain(lastError)
      // A cancelled order has no parcel to collect: no code is sent for it meanwhile.
      const codeRefused = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin).catch((e: { response: { status: number; data: { message: string } } }) => e.response)
      expect(codeRefused.status).toBe(400)
      expect(codeRefused.data.message).toContain("is being cancelled with its order")
      // Still not carried out half an hour later: the admin's list of shipments that need a person shows it.
      await pickupPoints.updatePickupPointShipments({ id: shipment.id, cancel_requested_at: new Date(Date.now() - 31 * 60_000) })
      const { data: attention } = await api.get(`/admin/pickup-point/shipments?needs_attention=true&order_id=${order.id}`, admin)
      expect(attention.shipments).toEqual([expect.objectContaining({ id: shipment.id, attention: "cancel_pending", last_error: expect.stringContaining(lastError) })])
      expect((await sandboxOrders(`TEST-${order.display_id}`))[0].cancelledAt).toBeUndefined()

      await control().delete("/faults")
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })

      const cancelled = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect(cancelled).toMatchObject({ status: "cancelled", cancel_requested_at: null })
      expect((await sandboxOrders(`TEST-${order.display_id}`))[0].cancelledAt).toBeTruthy()
    })

    it("records as cancelled a shipment order the carrier no longer has, on demand and with the order, and says so in its history", async () => {
      for (const cancel of ["shipment", "order"] as const) {
        const order = await checkout()
        const shipment = await shipmentOf(order.id, "ready")
        expect((await control().delete(`/orders/${shipment.order_reference_code}`)).status).toBe(200)

        if (cancel === "shipment") {
          const { data } = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin)
          expect(data.shipment).toMatchObject({ status: "cancelled" })
        } else {
          await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
          await shipmentOf(order.id, "cancelled")
        }
        // Not left for the retry job to try forever: the carrier's "no such order" is final.
        expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "cancelled", cancel_requested_at: null })
        const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id, status: "cancelled" })
        expect(history.map((e) => e.message)).toEqual([expect.stringContaining(`the carrier has no shipment order ${shipment.order_reference_code}`)])
      }
    })

    it("tells the admin to retry shortly when the service has not imported the order yet", async () => {
      await control().patch("/settings", { importDelayMs: 60_000 })
      const order = await checkout()
      await shipmentOf(order.id, "awaiting_import")

      const fulfilled = await api
        .post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id }, admin)
        .catch(errorResponse)
      expect(fulfilled.status).toBe(400)
      expect(fulfilled.data.message).toContain("has not finished importing order")

      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, admin)
      expect(after.fulfillments.filter((f: { canceled_at: string | null }) => !f.canceled_at)).toHaveLength(0)
    })
  },
})
