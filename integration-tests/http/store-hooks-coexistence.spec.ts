import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import {
  addShippingMethodToCartWorkflow,
  completeCartWorkflow,
  createOrderFulfillmentWorkflow,
} from "@medusajs/medusa/core-flows"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { DUOMO_POINT } from "../helpers/catalog-points"
import { freshStore } from "../helpers/fresh-store"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart } from "../helpers/store-checkout"
import { fulfillOrder } from "../helpers/fulfill-order"

jest.setTimeout(120_000)

/*
 * The store's own handlers on the three hooks the plugin used to take, as a
 * store's src/workflows/hooks files register them (at load, before the app
 * starts). A workflow hook takes one handler: were the plugin still to
 * register one, loading the app would fail with "Cannot define multiple
 * hook handlers".
 */
const storeHookCalls = { addShippingMethod: 0, completeCart: 0, fulfillmentCreated: 0 }
addShippingMethodToCartWorkflow.hooks.validate(async () => {
  storeHookCalls.addShippingMethod += 1
})
completeCartWorkflow.hooks.validate(async () => {
  storeHookCalls.completeCart += 1
})
createOrderFulfillmentWorkflow.hooks.fulfillmentCreated(async () => {
  storeHookCalls.fulfillmentCreated += 1
})

const sandbox = useSandboxForApp()

const POINT = DUOMO_POINT

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, sandbox.control, POINT))
    })

    it("runs checkout to label with the store's own handler on every hook the plugin no longer takes", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: order.id })
        return found?.status === "ready" ? found : null
      })
      await fulfillOrder(api, admin, store, order)

      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "label_generated" })
      expect(storeHookCalls.addShippingMethod).toBeGreaterThan(0)
      expect(storeHookCalls.completeCart).toBeGreaterThan(0)
      expect(storeHookCalls.fulfillmentCreated).toBe(1)
    })

    it("still refuses a missing or unknown point without the hooks", async () => {
      const missing = await prepareCart(api, store, { pickupPointCode: null }).catch((error) => error.response)
      expect(missing.status).toBe(400)
      expect(missing.data).toMatchObject({ type: "invalid_data", code: "pickup_point_required" })

      const unknown = await prepareCart(api, store, { pickupPointCode: "NOWHERE" }).catch((error) => error.response)
      expect(unknown.status).toBe(400)
      expect(unknown.data).toMatchObject({ type: "invalid_data", code: "pickup_point_unavailable" })
    })
  },
})
