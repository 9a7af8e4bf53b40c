import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { adminHeaders } from "../helpers/admin-session"
import { errorResponse } from "../helpers/error-response"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi } from "../helpers/store-checkout"
import type { SandboxOrderView } from "../../test-support/sandbox-fixtures"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp()

const POINT = { code: "PP-MI-001", name: "Edicola Duomo", address: "Piazza del Duomo 1", city: "Milano", postcode: "20122", country_code: "IT" }
const OTHER_POINT = { code: "PP-RM-001", name: "Cartoleria Trastevere", address: "Viale di Trastevere 60", city: "Roma", postcode: "00153", country_code: "IT" }

/** A store as a new merchant has it before any shipping set-up: a region, a sales channel with its key, one stock location. */
async function bareStore(container: MedusaContainer) {
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Italy", currency_code: "eur", countries: ["it"], payment_providers: ["pp_system_default"] }] },
  })
  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web shop" }] } })
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] } })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Milano", address: { address_1: "Via Mecenate 76", city: "Milano", country_code: "it" } }] },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })
  return { region, salesChannel, location, storeHeaders: { headers: { "x-publishable-api-key": apiKey.token } } }
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: { authorization: string } }
    let store: Awaited<ReturnType<typeof bareStore>>

    beforeEach(async () => {
      await sandbox.control.post("/reset")
      store = await bareStore(getContainer())
      admin = await adminHeaders(getContainer(), api)
    })

    const setup = (body: Record<string, unknown> = {}) =>
      api.post("/admin/pickup-point/setup", { stock_location_id: store.location.id, prices: [{ currency_code: "eur", amount: 4.9 }], ...body }, admin)

    const countOf = async () => {
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      return {
        types: (await fulfillment.listShippingOptionTypes({ code: "pickup-point" })).length,
        options: (await fulfillment.listShippingOptions({})).length,
        sets: (await fulfillment.listFulfillmentSets({})).length,
        zones: (await fulfillment.listServiceZones({})).length,
      }
    }

    // What a store has once the plugin is installed, before any set-up (moved here from their own file,
    // to spare npm test one more boot of the app).
    describe("the provider, as installed", () => {
      const PROVIDER_ID = "pickup-point_pickup-point"
      const OPTION = { id: "pickup-point", name: "Pickup point (shopper chooses)" }

      it("answers /health", async () => {
        expect((await api.get("/health")).status).toBe(200)
      })

      it("registers the provider in the fulfillment module with its fulfillment option", async () => {
        const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
        expect(await fulfillment.listFulfillmentProviders({})).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: PROVIDER_ID, is_enabled: true }),
            expect.objectContaining({ id: "manual_manual", is_enabled: true }),
          ])
        )
        await expect(fulfillment.retrieveFulfillmentOptions(PROVIDER_ID)).resolves.toEqual([OPTION])
      })

      it("lists the provider and its options on the admin API, and not without a session", async () => {
        const providers = await api.get("/admin/fulfillment-providers", admin)
        expect(providers.data.fulfillment_providers).toEqual(expect.arrayContaining([{ id: PROVIDER_ID, is_enabled: true }]))
        const options = await api.get(`/admin/fulfillment-providers/${PROVIDER_ID}/options`, admin)
        expect(options.data.fulfillment_options).toEqual([OPTION])

        expect((await api.get("/admin/fulfillment-providers").catch(errorResponse)).status).toBe(401)
      })
    })

    it("sets a bare stock location up in one call, and a shopper's order with a chosen point reaches the service", async () => {
      const { data } = await setup()

      expect(data.setup).toEqual({
        stock_location_id: store.location.id,
        fulfillment_provider_id: "pickup-point_pickup-point",
        fulfillment_set_id: expect.any(String),
        service_zone_id: expect.any(String),
        shipping_profile_id: expect.any(String),
        shipping_option_type_id: expect.any(String),
        shipping_option_id: expect.any(String),
        created: expect.arrayContaining(["provider_link", "fulfillment_set", "service_zone", "shipping_option_type", "shipping_option"]),
      })
      const {
        data: { stock_location },
      } = await api.get(`/admin/stock-locations/${store.location.id}?fields=*fulfillment_providers,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.geo_zones`, admin)
      expect(stock_location.fulfillment_providers.map((p: { id: string }) => p.id)).toContain("pickup-point_pickup-point")
      expect(stock_location.fulfillment_sets[0].service_zones[0].geo_zones).toEqual([expect.objectContaining({ type: "country", country_code: "it" })])
      const {
        data: { shipping_option },
      } = await api.get(`/admin/shipping-options/${data.setup.shipping_option_id}?fields=*type,*prices`, admin)
      expect(shipping_option).toMatchObject({
        name: "Pickup point",
        provider_id: "pickup-point_pickup-point",
        data: { id: "pickup-point" },
        type: { code: "pickup-point", label: "Pickup point" },
        prices: [expect.objectContaining({ currency_code: "eur", amount: 4.9 })],
      })

      await api.post("/admin/pickup-points", POINT, admin)
      const {
        result: [product],
      } = await createProductsWorkflow(getContainer()).run({
        input: {
          products: [
            {
              title: "Sneakers",
              status: "published",
              shipping_profile_id: data.setup.shipping_profile_id,
              sales_channels: [{ id: store.salesChannel.id }],
              options: [{ title: "Size", values: ["42"] }],
              variants: [{ title: "42", options: { Size: "42" }, manage_inventory: false, weight: 900, prices: [{ currency_code: "eur", amount: 59.9 }] }],
            },
          ],
        },
      })
      const shopper = { ...store, variant: product.variants[0], shippingOption: { id: data.setup.shipping_option_id } } as unknown as SeededStore
      const order = await checkoutThroughStoreApi(api as AxiosInstance, shopper, { pickupPointCode: "PP-MI-001" })

      const sent = await waitFor(async () => {
        const { data: listed } = await sandbox.control.get("/orders")
        return (listed.orders as SandboxOrderView[]).find((o) => o.request.orderNumber === `TEST-${order.display_id}`)
      })
      expect(sent.request).toMatchObject({ reference: order.id })
    })

    it("changes nothing when run again, and answers what exists", async () => {
      const first = (await setup()).data.setup
      const before = await countOf()

      const again = (await setup({ prices: [{ currency_code: "eur", amount: 9.9 }] })).data.setup

      expect(again).toEqual({ ...first, created: [] })
      expect(await countOf()).toEqual(before)
      expect(before).toMatchObject({ types: 1, options: 1, sets: 1, zones: 1 })
    })

    it("reuses the location's own service zone and the one option type; published points share that type", async () => {
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      const ownSet = await fulfillment.createFulfillmentSets({
        name: "Milano shipping",
        type: "shipping",
        service_zones: [{ name: "Italy", geo_zones: [{ type: "country", country_code: "it" }] }],
      })
      await getContainer()
        .resolve("link")
        .create({ [Modules.STOCK_LOCATION]: { stock_location_id: store.location.id }, [Modules.FULFILLMENT]: { fulfillment_set_id: ownSet.id } })

      const { setup: result } = (await setup()).data
      expect(result).toMatchObject({ fulfillment_set_id: ownSet.id, service_zone_id: ownSet.service_zones[0].id })
      expect(result.created).not.toContain("fulfillment_set")
      expect(result.created).not.toContain("service_zone")

      const ids = []
      for (const point of [POINT, OTHER_POINT]) {
        ids.push((await api.post("/admin/pickup-points", point, admin)).data.pickup_point.id)
      }
      const { data: published } = await api.post(
        "/admin/pickup-points/publish",
        { pickup_point_ids: ids, service_zone_id: result.service_zone_id, shipping_profile_id: result.shipping_profile_id, prices: [{ currency_code: "eur", amount: 3.9 }] },
        admin
      )
      expect(published.shipping_options).toHaveLength(2)
      const types = await fulfillment.listShippingOptionTypes({ code: "pickup-point" })
      expect(types.map((t) => t.id)).toEqual([result.shipping_option_type_id])
      const options = await fulfillment.listShippingOptions({ service_zone: { id: result.service_zone_id } }, { select: ["id", "shipping_option_type_id"] })
      expect(options).toHaveLength(3)
      expect(new Set(options.map((o) => o.shipping_option_type_id))).toEqual(new Set([result.shipping_option_type_id]))
    })

    it("refuses a body without prices, an unknown location and an anonymous caller", async () => {
      const noPrices = await setup({ prices: [] }).catch(errorResponse)
      expect(noPrices.status).toBe(400)
      expect(noPrices.data.message).toContain("prices")

      const unknown = await setup({ stock_location_id: "sloc_missing" }).catch(errorResponse)
      expect(unknown.status).toBe(404)

      const anonymous = await api.post("/admin/pickup-point/setup", { stock_location_id: store.location.id, prices: [] }).catch(errorResponse)
      expect(anonymous.status).toBe(401)
      expect(await countOf()).toMatchObject({ types: 0, options: 0 })
    })
  },
})
