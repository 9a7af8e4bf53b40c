import { Modules } from "@medusajs/framework/utils"
import { addShippingMethodToCartWorkflow, completeCartWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosResponse } from "axios"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { PICKUP_POINT_ERRORS } from "../../src/storefront/error-codes"
import { readChosenPickupPoint } from "../../src/storefront/chosen-point"
import type { SandboxOrderView } from "../../test-support/sandbox-fixtures"
import { validateCartPickupPointsWorkflow } from "../../src/workflows/validate-cart-pickup-points"
import { fulfillOrder } from "../helpers/fulfill-order"
import { freshStore } from "../helpers/fresh-store"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { addBulkyProfile, waitFor, type SeededStore } from "../helpers/seed-store"
import { validatePickupPointSelectionsWorkflow } from "../../src/workflows"
import { prepareCart } from "../helpers/store-checkout"
import { DUOMO_POINT_WITH_CODES } from "../helpers/catalog-points"
import { errorResponse } from "../helpers/error-response"

jest.setTimeout(180_000)

const sandbox = useSandboxForApp()

/** Searches per client this app allows (in one window longer than the run, so it never rolls over mid-test). */
const SEARCH_LIMIT = 25

const POINT = {
  ...DUOMO_POINT_WITH_CODES,
  opening_hours: { mon: ["09:00-19:00"], sat: ["09:00-13:00"] },
  requires_verification_code: true,
}

/** The snapshot a shipping method carries for POINT. */
const SNAPSHOT = {
  code: "PP-MI-001",
  public_code: "MI001",
  name: "Edicola Duomo",
  address: "Piazza del Duomo 1",
  postcode: "20122",
  city: "Milano",
  province: "MI",
  country_code: "it",
  opening_hours: { mon: ["09:00-19:00"], sat: ["09:00-13:00"] },
  requires_verification_code: true,
  latitude: 45.4642,
  longitude: 9.19,
}

/** Plugin options medusa-config.ts reads from the environment, set before the runner loads it (its `env` is applied after) and restored for the next spec. */
const APP_ENV = {
  PICKUP_POINT_SEARCH_RATE_LIMIT: String(SEARCH_LIMIT),
  PICKUP_POINT_SEARCH_RATE_WINDOW_S: "3600",
  PICKUP_POINT_TRACKING_URL_TEMPLATE: "https://track.example.com/parcel?n={tracking_number}",
}
const previousEnv = Object.fromEntries(Object.keys(APP_ENV).map((key) => [key, process.env[key]]))
beforeAll(() => {
  Object.assign(process.env, APP_ENV)
})
afterAll(() => {
  for (const [key, value] of Object.entries(previousEnv)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

/*
 * The store API as Medusa's official storefront starter (medusajs/dtc-starter)
 * calls it, step for step, against the real app: it lists options, calculates
 * "calculated" ones without `data`, adds the chosen option without `data`,
 * edits the cart, and completes it. With the plugin's storefront guide it
 * sends the point as `data.pickup_point_code`.
 */
medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, sandbox.control, POINT))
    })

    const get = (url: string, headers: Record<string, string> = {}) =>
      api.get(url, { headers: { ...store.storeHeaders.headers, ...headers }, validateStatus: () => true })
    const post = (url: string, body: unknown) => api.post(url, body, { ...store.storeHeaders, validateStatus: () => true })
    const sandboxOrders = async (orderNumber: string) =>
      ((await sandbox.control.get("/orders")).data.orders as SandboxOrderView[]).filter((o) => o.request.orderNumber === orderNumber)
    const expectRefusal = (response: AxiosResponse, status: number, code: keyof typeof PICKUP_POINT_ERRORS) => {
      expect({ status: response.status, body: response.data }).toEqual({
        status,
        body: { type: "invalid_data", code, message: PICKUP_POINT_ERRORS[code] },
      })
    }

    /** The starter's cart: created in the region, an item added, then the address step (with a phone unless told). */
    const starterCart = async (phone: string | undefined = "+39 333 1234567") => {
      const { data } = await api.post("/store/carts", { region_id: store.region.id, sales_channel_id: store.salesChannel.id }, store.storeHeaders)
      const cartId: string = data.cart.id
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variant.id, quantity: 1 }, store.storeHeaders)
      const address = { first_name: "Maria", last_name: "Bianchi", address_1: "Via Torino 10", city: "Milano", postal_code: "20123", country_code: "it", phone }
      await api.post(`/store/carts/${cartId}`, { email: "maria.bianchi@example.com", shipping_address: address, billing_address: address }, store.storeHeaders)
      return cartId
    }
    const pay = async (cartId: string) => {
      const { data } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      await api.post(`/store/payment-collections/${data.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, store.storeHeaders)
    }
    const cartMethods = async (cartId: string) =>
      (await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, store.storeHeaders)).data.cart.shipping_methods

    it("replays the starter's checkout: a shopper-chosen point is required, stored with its snapshot, kept through cart edits, and reaches the order and the service", async () => {
      const cartId = await starterCart()

      // 1. List the options (GET /store/shipping-options?cart_id=): the pickup-point option is offered.
      const listed = await get(`/store/shipping-options?cart_id=${cartId}`)
      expect(listed.status).toBe(200)
      const option = listed.data.shipping_options.find((o: { id: string }) => o.id === store.shippingOption.id)
      expect(option).toMatchObject({ price_type: "flat", data: { id: "pickup-point" }, amount: 4.9 })

      // 2. Calculate without `data`, as the starter does for every calculated option: a clear "no price", never a 500.
      const calculated = await post(`/store/shipping-options/${option.id}/calculate`, { cart_id: cartId })
      expect(calculated.status).toBe(400)
      expect(calculated.data.message).toBe("This delivery option has a fixed price, shown with the shipping options: there is no price to calculate.")

      // 3. Add the option without `data`, as the starter does: refused with the stable code.
      expectRefusal(await post(`/store/carts/${cartId}/shipping-methods`, { option_id: option.id }), 400, "pickup_point_required")
      expectRefusal(
        await post(`/store/carts/${cartId}/shipping-methods`, { option_id: option.id, data: { pickup_point_code: "NOWHERE" } }),
        400,
        "pickup_point_unavailable"
      )
      expect(await cartMethods(cartId)).toEqual([])
      // A point of the catalog in another country than the cart's address (Italy): refused with its own code.
      await pickupPoints.upsertPickupPointsByCode([
        { code: "PP-FR-001", name: "Tabac Gare", address: "1 Place de la Gare", city: "Nice", postcode: "06000", country_code: "fr" },
      ])
      expectRefusal(
        await post(`/store/carts/${cartId}/shipping-methods`, { option_id: option.id, data: { pickup_point_code: "PP-FR-001" } }),
        400,
        "pickup_point_wrong_country"
      )
      expect(await cartMethods(cartId)).toEqual([])
      // The step exported for custom checkouts applies the same rule when given the address's country.
      const selections = [{ option_id: option.id, data: { pickup_point_code: "PP-FR-001" } }]
      await expect(validatePickupPointSelectionsWorkflow(getContainer()).run({ input: { selections, shipping_country: "it" } })).rejects.toMatchObject({
        code: "pickup_point_wrong_country",
      })
      const { result: abroad } = await validatePickupPointSelectionsWorkflow(getContainer()).run({ input: { selections, shipping_country: "FR" } })
      expect(abroad).toMatchObject([{ pickup_point_code: "PP-FR-001" }])

      // 4. Add it with a point: the method stores the code and the catalog's snapshot; a snapshot the shopper forged is replaced.
      const added = await post(`/store/carts/${cartId}/shipping-methods?fields=+shipping_methods.data`, {
        option_id: option.id,
        data: { pickup_point_code: "PP-MI-001", pickup_point: { code: "PP-MI-001", name: "Somewhere else", address: "Forged 1" }, note: "dropped" },
      })
      expect(added.status).toBe(200)
      expect(added.data.cart.shipping_methods).toHaveLength(1)
      expect(added.data.cart.shipping_methods[0].data).toEqual({ pickup_point_code: "PP-MI-001", pickup_point: SNAPSHOT })

      // 5. Edit the cart (another item, then the address again): the method survives with its point.
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variant.id, quantity: 1 }, store.storeHeaders)
      await api.post(`/store/carts/${cartId}`, { email: "maria.bianchi@example.com" }, store.storeHeaders)
      const [kept] = await cartMethods(cartId)
      expect(kept).toMatchObject({ shipping_option_id: option.id, data: { pickup_point_code: "PP-MI-001", pickup_point: SNAPSHOT } })

      // 6. Complete: the order carries the snapshot, and the service gets the point.
      await pay(cartId)
      const completed = await post(`/store/carts/${cartId}/complete`, {})
      expect(completed.status).toBe(200)
      expect(completed.data.type).toBe("order")
      const orderId: string = completed.data.order.id
      const { data: readBack } = await get(`/store/orders/${orderId}`)
      expect(readBack.order.shipping_methods[0].data).toEqual({ pickup_point_code: "PP-MI-001", pickup_point: SNAPSHOT })
      expect(readChosenPickupPoint(readBack.order)).toMatchObject({ code: "PP-MI-001", point: { name: "Edicola Duomo" } })

      const shipment = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
        return found?.status === "ready" ? found : null
      })
      const [sent] = await sandboxOrders(`TEST-${completed.data.order.display_id}`)
      expect(sent.request.codePickupPoint).toBe("PP-MI-001")
      expect(shipment.pickup_point_code).toBe("PP-MI-001")

      // The order's pickup point and shipment, for the confirmation and account pages (the order id is the key, as for GET /store/orders/:id).
      const before = await get(`/store/pickup-point/orders/${orderId}/shipment`)
      expect(before.status).toBe(200)
      expect(before.data).toEqual({
        pickup_point: SNAPSHOT,
        shipment: { stage: "registered", tracking_number: null, tracking_url: null, ready_for_pickup: false, updated_at: null },
      })
      expect(JSON.stringify(before.data)).not.toMatch(/maria|bianchi|333 1234567|Via Torino/i)

      await fulfillOrder(api, admin, store, completed.data.order)
      const labelled = await get(`/store/pickup-point/orders/${orderId}/shipment`)
      const trackingNumber = labelled.data.shipment.tracking_number
      expect(trackingNumber).toMatch(/^PP\d{10}IT$/)
      expect(labelled.data.shipment).toMatchObject({
        stage: "label",
        tracking_url: `https://track.example.com/parcel?n=${trackingNumber}`,
        ready_for_pickup: false,
      })

      const reported = await api.post(
        `/admin/pickup-point/shipments/${shipment.id}/tracking`,
        { status_code: "ST_0006", status_description: "Ready for pickup" },
        admin
      )
      expect(reported.status).toBe(200)
      const ready = await get(`/store/pickup-point/orders/${orderId}/shipment`)
      expect(ready.data.shipment).toMatchObject({ stage: "ready_for_pickup", ready_for_pickup: true, tracking_number: trackingNumber })

      // An order id that is not an order's: 404, as GET /store/orders/:id answers.
      const unknown = await get(`/store/pickup-point/orders/order_01JUNKNOWN00000000000000000/shipment`)
      expect(unknown.status).toBe(404)
      expect(unknown.data).toEqual({ type: "not_found", code: "order_not_found", message: "We could not find this order. Check the link, or look for the order in your account." })
    })

    it("refuses a payment session for a pickup-point cart it could not ship, before the shopper pays", async () => {
      // A provider that completes carts by webhook places the order without the completion's checks.
      const address = { first_name: "Maria", last_name: "Bianchi", address_1: "Via Torino 10", city: "Milano", postal_code: "20123", country_code: "it" }
      const cartFor = async (optionId: string, data?: Record<string, unknown>) => {
        const { data: created } = await api.post(
          "/store/carts",
          { region_id: store.region.id, sales_channel_id: store.salesChannel.id, email: "maria.bianchi@example.com", items: [{ variant_id: store.variant.id, quantity: 1 }], shipping_address: address },
          store.storeHeaders
        )
        await api.post(`/store/carts/${created.cart.id}/shipping-methods`, { option_id: optionId, ...(data ? { data } : {}) }, store.storeHeaders)
        const { data: collection } = await api.post("/store/payment-collections", { cart_id: created.cart.id }, store.storeHeaders)
        return { cartId: created.cart.id as string, collectionId: collection.payment_collection.id as string }
      }
      const startPaying = (collectionId: string) => post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: "pp_system_default" })
      const sessions = async (collectionId: string) => getContainer().resolve(Modules.PAYMENT).listPaymentSessions({ payment_collection_id: collectionId })

      const pickup = await cartFor(store.shippingOption.id, { pickup_point_code: POINT.code })
      expectRefusal(await startPaying(pickup.collectionId), 400, "phone_required")
      expect(await sessions(pickup.collectionId)).toHaveLength(0)

      await api.post(`/store/carts/${pickup.cartId}`, { shipping_address: { ...address, phone: "+39 333 7654321" } }, store.storeHeaders)
      expect((await startPaying(pickup.collectionId)).status).toBe(200)
      expect(await sessions(pickup.collectionId)).toHaveLength(1)

      // A point deactivated after it was chosen.
      const [point] = await pickupPoints.listPickupPoints({ code: POINT.code })
      await api.post(`/admin/pickup-points/${point.id}`, { is_active: false }, admin)
      expectRefusal(await startPaying(pickup.collectionId), 400, "pickup_point_unavailable")
      await api.post(`/admin/pickup-points/${point.id}`, { is_active: true }, admin)

      // Another provider's option needs no phone.
      const home = await cartFor(store.homeDeliveryOption.id)
      expect((await startPaying(home.collectionId)).status).toBe(200)
      // A pickup point chosen once paying has started (the session stays when the price does not change): the
      // phone is asked for then, since the completion's check may be skipped.
      const switched = await post(`/store/carts/${home.cartId}/shipping-methods`, { option_id: store.shippingOption.id, data: { pickup_point_code: POINT.code } })
      expectRefusal(switched, 400, "phone_required")
      // Before paying, the same choice is taken: the phone can come later, checked when the session is opened.
      const notPaying = await cartFor(store.homeDeliveryOption.id)
      expect((await post(`/store/carts/${notPaying.cartId}/shipping-methods`, { option_id: store.shippingOption.id, data: { pickup_point_code: POINT.code } })).status).toBe(200)
    })

    it("refuses to complete a pickup-point cart without a phone number, and completes it once one is added", async () => {
      const cartId = await prepareCart(api, store, { phone: null })

      const refused = await post(`/store/carts/${cartId}/complete`, {})
      expectRefusal(refused, 400, "phone_required")
      expect(await pickupPoints.listPickupPointShipments({})).toHaveLength(0)
      // The same check, as the workflow a custom checkout runs.
      await expect(validateCartPickupPointsWorkflow(getContainer()).run({ input: { cart_id: cartId } })).rejects.toMatchObject({ code: "phone_required" })

      const address = { first_name: "Maria", last_name: "Bianchi", address_1: "Via Torino 10", city: "Milano", postal_code: "20123", country_code: "it" }
      await api.post(`/store/carts/${cartId}`, { shipping_address: { ...address, phone: "+39 333 7654321" } }, store.storeHeaders)
      const completed = await post(`/store/carts/${cartId}/complete`, {})
      expect(completed.data.type).toBe("order")

      // Another provider's option needs no phone.
      const homeCart = await prepareCart(api, store, { phone: null, optionId: store.homeDeliveryOption.id, pickupPointCode: null })
      expect((await post(`/store/carts/${homeCart}/complete`, {})).data.type).toBe("order")

      // A customer's own phone stands in for the address's, as the shipment order takes it.
      const customerCart = await prepareCart(api, store, { phone: null })
      const customer = await getContainer().resolve(Modules.CUSTOMER).createCustomers({ email: "maria@example.com", phone: "+39 333 1112233" })
      await getContainer().resolve(Modules.CART).updateCarts(customerCart, { customer_id: customer.id })
      expect((await post(`/store/carts/${customerCart}/complete`, {})).data.type).toBe("order")
    })

    it("refuses a second pickup-point delivery when chosen and at completion, and a cart without an e-mail address; ships only its own profile's items", async () => {
      const bulky = await addBulkyProfile(getContainer(), store)
      const cartId = await starterCart()
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: bulky.variant.id, quantity: 1 }, store.storeHeaders)
      const addMethod = (optionId: string, code?: string) =>
        post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId, ...(code ? { data: { pickup_point_code: code } } : {}) })
      expect((await addMethod(store.shippingOption.id, "PP-MI-001")).status).toBe(200)
      // A second pickup-point delivery (the bookcase's profile) is refused when it is chosen: one shipment order,
      // one parcel, per order. Medusa would keep the first next to it.
      expectRefusal(await addMethod(bulky.pickupOption.id, "PP-MI-001"), 400, "one_pickup_point_delivery")
      expect((await cartMethods(cartId)).map((m: { shipping_option_id: string }) => m.shipping_option_id)).toEqual([store.shippingOption.id])
      // Two at once, even the same option twice, are two deliveries too.
      const pickupPointAt = (id: string) => ({ option_id: id, data: { pickup_point_code: "PP-MI-001" } })
      expectRefusal(await post(`/store/carts/${cartId}/shipping-methods`, [pickupPointAt(bulky.pickupOption.id), pickupPointAt(store.shippingOption.id)]), 400, "one_pickup_point_delivery")
      expectRefusal(await post(`/store/carts/${cartId}/shipping-methods`, [pickupPointAt(bulky.pickupOption.id), pickupPointAt(bulky.pickupOption.id)]), 400, "one_pickup_point_delivery")
      // Choosing the same profile's pickup point again replaces the first; so does the other profile's with a home delivery for the first.
      expect((await addMethod(store.shippingOption.id, "PP-MI-001")).status).toBe(200)
      expect((await cartMethods(cartId)).map((m: { shipping_option_id: string }) => m.shipping_option_id)).toEqual([store.shippingOption.id])
      expect((await post(`/store/carts/${cartId}/shipping-methods`, [pickupPointAt(bulky.pickupOption.id), { option_id: store.homeDeliveryOption.id }])).status).toBe(200)
      expect((await cartMethods(cartId)).map((m: { shipping_option_id: string }) => m.shipping_option_id).sort()).toEqual([bulky.pickupOption.id, store.homeDeliveryOption.id].sort())
      expectRefusal(await addMethod(store.shippingOption.id, "PP-MI-001"), 400, "one_pickup_point_delivery")
      expect((await post(`/store/carts/${cartId}/shipping-methods`, [pickupPointAt(store.shippingOption.id), { option_id: bulky.homeDeliveryOption.id }])).status).toBe(200)
      expect((await cartMethods(cartId)).map((m: { shipping_option_id: string }) => m.shipping_option_id).sort()).toEqual([store.shippingOption.id, bulky.homeDeliveryOption.id].sort())

      // Added past the store route (a custom checkout running Medusa's workflow), the payment session and the completion refuse it all the same.
      await addShippingMethodToCartWorkflow(getContainer()).run({ input: { cart_id: cartId, options: [{ id: bulky.pickupOption.id, data: { pickup_point_code: "PP-MI-001" } }] } })
      const { data: collection } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      expectRefusal(await post(`/store/payment-collections/${collection.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }), 400, "one_pickup_point_delivery")
      expectRefusal(await post(`/store/carts/${cartId}/complete`, {}), 400, "one_pickup_point_delivery")

      // Without an e-mail address (a headless checkout that skipped it): the carrier sends the collection details to it.
      await getContainer().resolve(Modules.CART).updateCarts(cartId, { email: null })
      expect((await addMethod(bulky.homeDeliveryOption.id)).status).toBe(200)
      expect((await cartMethods(cartId)).map((m: { shipping_option_id: string }) => m.shipping_option_id).sort()).toEqual(
        [store.shippingOption.id, bulky.homeDeliveryOption.id].sort()
      )
      expectRefusal(await post(`/store/carts/${cartId}/complete`, {}), 400, "email_required")
      expect(await pickupPoints.listPickupPointShipments({})).toHaveLength(0)

      // With both: the bookcase goes home, and the shipment order to the point holds the sneakers alone.
      await api.post(`/store/carts/${cartId}`, { email: "maria.bianchi@example.com" }, store.storeHeaders)
      await pay(cartId)
      const completed = await post(`/store/carts/${cartId}/complete`, {})
      expect(completed.data).toMatchObject({ type: "order" })
      await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: completed.data.order.id })
        return found?.status === "ready" ? found : null
      })
      const [sent] = await sandboxOrders(`TEST-${completed.data.order.display_id}`)
      expect(sent.request).toMatchObject({ goodsValue: 59.9, grossWeight: 0.9 })
      expect(sent.request.rows).toEqual([expect.objectContaining({ productCode: "SNK-42", description: "Sneakers - 42" })])

      // Placed past the store's checks (a custom checkout running Medusa's workflows, the last one
      // completeCartWorkflow as a payment provider's webhook runs it): nothing is sent to the carrier, and the shipment says why.
      const bypassed = await starterCart()
      await api.post(`/store/carts/${bypassed}/line-items`, { variant_id: bulky.variant.id, quantity: 1 }, store.storeHeaders)
      await post(`/store/carts/${bypassed}/shipping-methods`, { option_id: store.shippingOption.id, data: { pickup_point_code: "PP-MI-001" } })
      await addShippingMethodToCartWorkflow(getContainer()).run({ input: { cart_id: bypassed, options: [{ id: bulky.pickupOption.id, data: { pickup_point_code: "PP-MI-001" } }] } })
      const { data: bypassedPayment } = await api.post("/store/payment-collections", { cart_id: bypassed }, store.storeHeaders)
      await createPaymentSessionsWorkflow(getContainer()).run({ input: { payment_collection_id: bypassedPayment.payment_collection.id, provider_id: "pp_system_default" } })
      const { result: placed } = await completeCartWorkflow(getContainer()).run({ input: { id: bypassed } })
      const failed = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: placed.id })
        return found?.status === "failed" ? found : null
      })
      expect(failed).toMatchObject({ create_attempts: 0, order_reference_code: null })
      expect(failed.last_error).toContain("The order has 2 pickup-point deliveries (items of several shipping profiles)")
    })

    it("stops offering a published point's option while the point is deactivated, and offers it again once reactivated", async () => {
      const [point] = await pickupPoints.listPickupPoints({ code: POINT.code })
      const published = await api.post(
        "/admin/pickup-points/publish",
        {
          pickup_point_ids: [point.id],
          service_zone_id: store.shippingOption.service_zone_id,
          shipping_profile_id: store.shippingOption.shipping_profile_id,
          prices: [{ currency_code: "eur", amount: 3.5 }],
        },
        admin
      )
      const optionId: string = published.data.shipping_options[0].id
      const cartId = await starterCart()
      const offered = async () =>
        ((await get(`/store/shipping-options?cart_id=${cartId}`)).data.shipping_options as { id: string }[]).map((o) => o.id)

      expect(await offered()).toEqual(expect.arrayContaining([optionId, store.shippingOption.id]))

      await api.post(`/admin/pickup-points/${point.id}`, { is_active: false }, admin)
      expect(await offered()).not.toContain(optionId)
      const added = await post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId })
      expect(added.status).toBe(400)

      await api.post(`/admin/pickup-points/${point.id}`, { is_active: true }, admin)
      expect(await offered()).toContain(optionId)
      // Added with no data, as the starter does: the published option carries its point and gets its snapshot.
      const again = await post(`/store/carts/${cartId}/shipping-methods?fields=+shipping_methods.data`, { option_id: optionId })
      expect(again.status).toBe(200)
      expect(again.data.cart.shipping_methods[0].data).toEqual({ pickup_point_code: "PP-MI-001", pickup_point: SNAPSHOT })
      // Another point on the published option's method is refused.
      expectRefusal(await post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId, data: { pickup_point_code: "PP-MI-002" } }), 400, "pickup_point_mismatch")

      // A CSV import that deactivates the point takes its option out as well, and one that reactivates it puts it back.
      const importActive = async (active: boolean) => {
        const csv = ["code,name,address,city,postcode,country_code,is_active", `PP-MI-001,Edicola Duomo,Piazza del Duomo 1,Milano,20122,IT,${active}`].join("\n")
        const { data } = await api.post("/admin/pickup-points/import", { csv }, admin)
        expect(data).toMatchObject({ updated: 1, rejected: 0 })
      }
      await importActive(false)
      expect(await offered()).not.toContain(optionId)
      await importActive(true)
      expect(await offered()).toContain(optionId)

      // An option the admin hid from the store by hand stays hidden while its point stays active: neither a file
      // that says the point is active nor an update that repeats it turns the option back on.
      const { data: withRules } = await api.get(`/admin/shipping-options/${optionId}?fields=+rules.*`, admin)
      const rule = (withRules.shipping_option.rules as { id: string; attribute: string }[]).find((r) => r.attribute === "enabled_in_store")!
      await api.post(`/admin/shipping-options/${optionId}/rules/batch`, { update: [{ id: rule.id, attribute: "enabled_in_store", operator: "eq", value: "false" }] }, admin)
      expect(await offered()).not.toContain(optionId)
      await importActive(true)
      await api.post(`/admin/pickup-points/${point.id}`, { is_active: true, name: "Edicola Duomo" }, admin)
      expect(await offered()).not.toContain(optionId)

      // An import that deactivates the point, whose option's rule then cannot be written (PostgreSQL refuses it):
      // the import fails and the point is set back active, so that the same file imported again does its work.
      await api.post(`/admin/shipping-options/${optionId}/rules/batch`, { update: [{ id: rule.id, attribute: "enabled_in_store", operator: "eq", value: "true" }] }, admin)
      expect(await offered()).toContain(optionId)
      await dbConnection.raw(`
        CREATE FUNCTION test_refuse_rule_write() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected: rule write refused'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER test_refuse_rule_write BEFORE INSERT OR UPDATE ON shipping_option_rule FOR EACH ROW EXECUTE FUNCTION test_refuse_rule_write();`)
      try {
        const csv = ["code,name,address,city,postcode,country_code,is_active", "PP-MI-001,Edicola Duomo,Piazza del Duomo 1,Milano,20122,IT,false"].join("\n")
        const failed = await api.post("/admin/pickup-points/import", { csv }, admin).catch(errorResponse)
        expect(failed.status).toBeGreaterThanOrEqual(500)
      } finally {
        await dbConnection.raw("DROP TRIGGER test_refuse_rule_write ON shipping_option_rule; DROP FUNCTION test_refuse_rule_write()")
      }
      expect((await pickupPoints.retrievePickupPoint(point.id)).is_active).toBe(true)
      expect(await offered()).toContain(optionId)
      await importActive(false)
      expect(await offered()).not.toContain(optionId)
    })

    it("answers the search and one point cacheably (ETag, 304), and one point only while it is active", async () => {
      const first = await get("/store/pickup-points?city=Milano")
      expect(first.status).toBe(200)
      expect(first.headers["cache-control"]).toBe("public, max-age=60")
      const etag = first.headers.etag
      expect(etag).toMatch(/^"[\w-]+"$/)
      const revalidated = await get("/store/pickup-points?city=Milano", { "if-none-match": etag })
      expect(revalidated.status).toBe(304)
      expect(revalidated.data).toBe("")
      // A nearest search carries the shopper's position: the browser may cache it, a shared cache may not.
      const near = await get("/store/pickup-points?latitude=45.4642&longitude=9.19&radius_km=5")
      expect(near.status).toBe(200)
      expect(near.headers["cache-control"]).toBe("private, max-age=60")

      const one = await get("/store/pickup-points/PP-MI-001")
      expect(one.status).toBe(200)
      expect(one.data.pickup_point).toMatchObject({ ...SNAPSHOT, distance_km: null })
      expect(one.data.pickup_point).not.toHaveProperty("is_active")
      expect(one.headers.etag).toBeTruthy()

      const [point] = await pickupPoints.listPickupPoints({ code: POINT.code })
      await api.post(`/admin/pickup-points/${point.id}`, { is_active: false }, admin)
      const inactive = await get("/store/pickup-points/PP-MI-001")
      expect(inactive.status).toBe(404)
      expect(inactive.data).toEqual({ type: "not_found", code: "pickup_point_unavailable", message: PICKUP_POINT_ERRORS.pickup_point_unavailable })
      // The search's answer changed, so the old tag no longer matches.
      const changed = await get("/store/pickup-points?city=Milano", { "if-none-match": etag })
      expect(changed.status).toBe(200)
      expect(changed.data.pickup_points).toEqual([])
      expect((await get("/store/pickup-points/NOWHERE")).status).toBe(404)
    })

    // Last: it spends what is left of this client's searches.
    it("limits a client's searches: 429 with Retry-After in Medusa's error shape, never cached", async () => {
      let allowed = 0
      let refused: AxiosResponse | undefined
      for (let i = 0; i <= SEARCH_LIMIT && !refused; i++) {
        const response = await get(`/store/pickup-points?q=Duomo&offset=${i}`)
        if (response.status === 429) refused = response
        else {
          expect(response.status).toBe(200)
          allowed += 1
        }
      }
      expect(refused).toBeDefined()
      expect(allowed).toBeLessThan(SEARCH_LIMIT)
      expect(refused!.data).toEqual({ type: "not_allowed", code: "too_many_requests", message: PICKUP_POINT_ERRORS.too_many_requests })
      const retryAfter = Number(refused!.headers["retry-after"])
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(3600)
      expect(refused!.headers["cache-control"]).toBe("no-store")
      expect(refused!.headers["access-control-expose-headers"]).toContain("Retry-After")
      // The one-point route shares the limit; checkout does not.
      expect((await get("/store/pickup-points/PP-MI-001")).status).toBe(429)
      const cartId = await prepareCart(api, store)
      expect((await post(`/store/carts/${cartId}/complete`, {})).data.type).toBe("order")
    })
  },
})
