import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { seedStore, waitFor } from "../integration-tests/helpers/seed-store"
import { prepareCart } from "../integration-tests/helpers/store-checkout"
import { validateCartPickupPoints } from "../src/workflows/utils/pickup-point-checkout-checks"
import { machineLoad } from "./floor"
import { describe as line, percentile, percentileRatioInterval, ratioVerdict, timed } from "./stats"

/*
 * Completing a cart shipped by this plugin against the same cart shipped by
 * Medusa's manual provider, interleaved in one run. The shipment order is
 * created after order.placed, so the ratio should stay near 1.
 */
const CARTS = Number(process.env.BENCH_CARTS || 100)
const CHECKS = Number(process.env.BENCH_CHECKS || 50)
// 500 carts per provider take about 11 minutes on the 2-core machine: room for the sizes that resolve the p50.
jest.setTimeout(Math.max(1_800_000, CARTS * 5_000))
useSandboxForApp()
const WARM_UP = 3

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    it(`completes ${CARTS} carts per provider`, async () => {
      const container = getContainer()
      const store = await seedStore(container)
      const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
      await pickupPoints.createPickupPoints({ code: "PP-MI-001", name: "Edicola Duomo", address: "Piazza del Duomo 1", city: "Milano", postcode: "20122", country_code: "it" })

      const { storeHeaders } = store
      // Everything up to completion is prepared; completion alone is timed.
      const prepare = (kind: "pickup" | "manual") =>
        prepareCart(api, store, kind === "pickup" ? { quantity: 1 } : { quantity: 1, optionId: store.homeDeliveryOption.id, pickupPointCode: null })

      const times = { pickup: [] as number[], manual: [] as number[] }
      for (let i = 0; i < CARTS + WARM_UP; i++) {
        const order: ("pickup" | "manual")[] = i % 2 ? ["pickup", "manual"] : ["manual", "pickup"]
        for (const kind of order) {
          const cartId = await prepare(kind)
          const [response, ms] = await timed<{ data: { type: string } }>(() => api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders))
          expect(response.data.type).toBe("order")
          if (i >= WARM_UP) times[kind].push(ms)
        }
      }

      // The shipment orders were all created, after the fact.
      await waitFor(async () => (await pickupPoints.listPickupPointShipments({ status: "ready" })).length === CARTS + WARM_UP, 60_000)

      // The floor completes through the plugin's middleware too (it checks every cart), so the ratio cannot show
      // that check's cost: it is timed alone, as the middleware runs it, on carts of each kind ready to complete.
      // It runs once more when a payment session is opened (without writing the snapshot).
      const checks = { pickup: [] as number[], manual: [] as number[] }
      for (let i = 0; i < CHECKS + WARM_UP; i++) {
        for (const kind of ["manual", "pickup"] as const) {
          const cartId = await prepare(kind)
          const [, ms] = await timed(() => validateCartPickupPoints(container, cartId, { refreshSnapshots: true }))
          if (i >= WARM_UP) checks[kind].push(ms)
        }
      }

      const ratio = (p: number) => percentile(times.pickup, p) / percentile(times.manual, p)
      // Each iteration completes one cart of each kind side by side: the pairs are resampled together.
      const judged = (p: number, target: number) => {
        const interval = percentileRatioInterval(times.pickup, times.manual, p)
        return `p${p}=${ratio(p).toFixed(3)} (95% interval ${interval.map((r) => r.toFixed(3)).join("–")}; target ≤ ${target}: ${ratioVerdict(ratio(p), interval, target)})`
      }
      console.log(
        [
          "",
          `bench/checkout-overhead: POST /store/carts/:id/complete, same run, interleaved; Medusa's manual provider is the floor; ${machineLoad()}`,
          line("manual provider", times.manual),
          line("pickup-point provider", times.pickup),
          `ratio pickup/manual          ${judged(50, 1.02)}`,
          `                             ${judged(95, 1.05)}`,
          line("the plugin's check, manual cart", checks.manual),
          line("the plugin's check, pickup cart", checks.pickup),
          `the check's p50 against the completion's: ${((percentile(checks.manual, 50) / percentile(times.manual, 50)) * 100).toFixed(1)}% of a manual completion, ` +
            `${((percentile(checks.pickup, 50) / percentile(times.pickup, 50)) * 100).toFixed(1)}% of a pickup-point one (paid once more when the payment session is opened)`,
          `shipment orders created after checkout: ${CARTS + WARM_UP} of ${CARTS + WARM_UP}`,
          "",
        ].join("\n")
      )
    })
  },
})
