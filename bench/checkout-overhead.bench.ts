import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { seedStore, waitFor } from "../integration-tests/helpers/seed-store"
import { describe as line, percentile, timed } from "./stats"

/*
 * Completing a cart shipped by this plugin against the same cart shipped by
 * Medusa's manual provider, interleaved in one run. The shipment order is
 * created after order.placed, so the ratio should stay near 1.
 */
jest.setTimeout(600_000)
useSandboxForApp()

const CARTS = Number(process.env.BENCH_CARTS || 40)
const WARM_UP = 3

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    it(`completes ${CARTS} carts per provider`, async () => {
      const container = getContainer()
      const store = await seedStore(container)
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [Modules.STOCK_LOCATION]: { stock_location_id: store.location.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
      })
      const {
        result: [manual],
      } = await createShippingOptionsWorkflow(container).run({
        input: [
          {
            name: "Standard",
            service_zone_id: store.shippingOption.service_zone_id,
            shipping_profile_id: store.shippingOption.shipping_profile_id,
            provider_id: "manual_manual",
            price_type: "flat",
            type: { label: "Standard", description: "Home delivery", code: "standard" },
            data: { id: "manual-fulfillment" },
            prices: [{ currency_code: "eur", amount: 4.9 }],
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" },
              { attribute: "is_return", value: "false", operator: "eq" },
            ],
          },
        ],
      })
      const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
      await pickupPoints.createPickupPoints({ code: "PP-MI-001", name: "Edicola Duomo", address: "Piazza del Duomo 1", city: "Milano", postcode: "20122", country_code: "it" })

      const { storeHeaders } = store
      /** Everything up to completion, which alone is timed. */
      const prepareCart = async (kind: "pickup" | "manual") => {
        const {
          data: { cart },
        } = await api.post(
          "/store/carts",
          {
            region_id: store.region.id,
            sales_channel_id: store.salesChannel.id,
            email: "bench@example.com",
            items: [{ variant_id: store.variant.id, quantity: 1 }],
            shipping_address: { first_name: "B", last_name: "Ench", phone: "+39 1", address_1: "Via 1", city: "Milano", postal_code: "20100", country_code: "it" },
          },
          storeHeaders
        )
        await api.post(
          `/store/carts/${cart.id}/shipping-methods`,
          kind === "pickup" ? { option_id: store.shippingOption.id, data: { pickup_point_code: "PP-MI-001" } } : { option_id: manual.id },
          storeHeaders
        )
        const {
          data: { payment_collection },
        } = await api.post("/store/payment-collections", { cart_id: cart.id }, storeHeaders)
        await api.post(`/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders)
        return cart.id as string
      }

      const times = { pickup: [] as number[], manual: [] as number[] }
      for (let i = 0; i < CARTS + WARM_UP; i++) {
        const order: ("pickup" | "manual")[] = i % 2 ? ["pickup", "manual"] : ["manual", "pickup"]
        for (const kind of order) {
          const cartId = await prepareCart(kind)
          const [response, ms] = await timed<{ data: { type: string } }>(() => api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders))
          expect(response.data.type).toBe("order")
          if (i >= WARM_UP) times[kind].push(ms)
        }
      }

      // The shipment orders were all created, after the fact.
      await waitFor(async () => (await pickupPoints.listPickupPointShipments({ status: "ready" })).length === CARTS + WARM_UP, 60_000)

      const ratio = (p: number) => percentile(times.pickup, p) / percentile(times.manual, p)
      console.log(
        [
          "",
          "bench/checkout-overhead: POST /store/carts/:id/complete, same run, interleaved",
          line("manual provider", times.manual),
          line("pickup-point provider", times.pickup),
          `ratio pickup/manual          p50=${ratio(50).toFixed(3)}  p95=${ratio(95).toFixed(3)}  (target: at most 1.05)`,
          `shipment orders created after checkout: ${CARTS + WARM_UP} of ${CARTS + WARM_UP}`,
          "",
        ].join("\n")
      )
    })
  },
})
