import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { changedRows, drawBadRequests, rowFingerprints, sendBadRequests, type FuzzTargets } from "../integration-tests/helpers/bad-requests"
import { freshStore } from "../integration-tests/helpers/fresh-store"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { waitFor } from "../integration-tests/helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart } from "../integration-tests/helpers/store-checkout"

/*
 * At least 10,000 generated bad requests (fast-check, fixed seed) across
 * every route of the plugin: store search and checkout, every admin route,
 * the webhook, and bad ids in every path with `:id`. Prints the answers by
 * status, the 5xx count, and the rows changed by the refused requests.
 * Target: 0 and 0. FUZZ_REQUESTS and FUZZ_SEED change the run.
 */
jest.setTimeout(3_600_000)

const REQUESTS = Number(process.env.FUZZ_REQUESTS || 10_000)
const SEED = Number(process.env.FUZZ_SEED || 20261122)
const sandbox = useSandboxForApp()

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    it(`answers ${REQUESTS} bad requests with 4xx and changes nothing`, async () => {
      const { store, admin } = await freshStore(getContainer(), api, sandbox.control, {
        code: "PP-MI-001",
        name: "Edicola Duomo",
        address: "Piazza del Duomo 1",
        city: "Milano",
        postcode: "20122",
        country_code: "IT",
      })
      const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: order.id, status: "ready" })
        return found
      })
      const [point] = await pickupPoints.listPickupPoints({ code: "PP-MI-001" })
      const targets: FuzzTargets = {
        adminHeaders: admin.headers,
        storeHeaders: store.storeHeaders.headers,
        webhookApiKey: "sandbox-delivery-key",
        shipmentId: shipment.id,
        pointId: point.id,
        cartId: await prepareCart(api, store),
        optionId: store.shippingOption.id,
        stockLocationId: store.location.id,
      }
      const requests = drawBadRequests(targets, REQUESTS, SEED)
      const routes = new Set(requests.map((request) => request.route))
      const before = await rowFingerprints(getContainer())
      const deliveriesBefore = (await pickupPoints.listPickupPointWebhookDeliveries({}, { select: ["id"] })).length
      const started = Date.now()
      const outcome = await sendBadRequests(api, targets, requests)
      const seconds = (Date.now() - started) / 1000
      const changed = changedRows(before, await rowFingerprints(getContainer()))
      const deliveriesAfter = (await pickupPoints.listPickupPointWebhookDeliveries({}, { select: ["id"] })).length

      const byRoute = (entries: { route: string }[]) => {
        const counts: Record<string, number> = {}
        for (const entry of entries) counts[entry.route] = (counts[entry.route] ?? 0) + 1
        return JSON.stringify(counts)
      }
      console.log(
        [
          `bench:fuzz  seed ${SEED}, ${outcome.requests} bad requests over ${routes.size} route shapes in ${seconds.toFixed(1)} s`,
          `  answers by status:            ${JSON.stringify(outcome.byStatus)}`,
          `  5xx:                          ${outcome.fiveXx.length}${outcome.fiveXx.length ? ` ${byRoute(outcome.fiveXx)} e.g. ${outcome.fiveXx[0].path} ${outcome.fiveXx[0].body}` : ""}`,
          `  rows changed (refused reqs):  ${changed.length}${changed.length ? ` e.g. ${changed.slice(0, 3).join(" ")}` : ""}`,
          `  accepted (2xx/3xx):           ${outcome.accepted.length}${outcome.accepted.length ? ` ${byRoute(outcome.accepted)} e.g. ${outcome.accepted[0].body}` : ""}`,
          `  4xx not in Medusa's shape:    ${outcome.notMedusaShape.length}`,
          `  webhook delivery log entries: +${deliveriesAfter - deliveriesBefore} (each authenticated refused payload is logged with its reason, nothing of the payload)`,
        ].join("\n")
      )
      expect(outcome.requests).toBeGreaterThanOrEqual(Math.min(REQUESTS, 10_000))
      expect(outcome.fiveXx.length).toBe(0)
      expect(changed.length).toBe(0)
    })
  },
})
