import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { freshStore, type FreshStore } from "../../helpers/fresh-store"
import { waitFor } from "../../helpers/seed-store"
import { setDeliveryMerchantKey } from "../../helpers/sandbox-env"
import type { PickupPointShipmentDTO } from "../../../src/modules/pickup-point/types"
import { advanceDueShipmentsWorkflow } from "../../../src/workflows"
import { checkoutThroughStoreApi, prepareCart, type CheckoutOptions } from "../../helpers/store-checkout"
import { serveBuiltAdmin, type AdminServer } from "./admin-server"
import { keepFailureScreenshot, launchAdminBrowser, signIn, type AdminBrowser } from "./browser"

export type AdminSuite = FreshStore & { admin: FreshStore["admin"]; server: AdminServer; browser: AdminBrowser }

/**
 * Once per spec file, after Medusa is up: the seeded store with its catalog
 * point and admin user (kept in the runner's database snapshot, so each
 * test starts from it), the built dashboard on the app's origin, and a
 * signed-in browser.
 */
export function useAdminSuite(
  getContainer: () => MedusaContainer,
  api: AxiosInstance,
  sandboxControl: () => AxiosInstance,
  points: Record<string, unknown>[]
) {
  const suite = {} as AdminSuite
  beforeAll(async () => {
    const [first, ...others] = points
    Object.assign(suite, await freshStore(getContainer(), api, sandboxControl(), first))
    for (const point of others) {
      await api.post("/admin/pickup-points", point, suite.admin)
    }
    suite.server = await serveBuiltAdmin(api.defaults.baseURL!)
    suite.browser = await launchAdminBrowser()
    await signIn(suite.browser.page, suite.server.url)
  })
  beforeEach(async () => {
    // The database is restored before each test; the sandbox is told to forget too.
    await sandboxControl().post("/reset")
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.server?.close()
  })
  return suite
}

/** What the admin browser specs do around the dashboard: orders to look at, and tests that keep a screenshot when they fail. */
export function adminSuiteActions(suite: AdminSuite, getContainer: () => MedusaContainer, api: AxiosInstance) {
  /** The store's checkout; a refusal fails the test with Medusa's own message. */
  const checkout = (options: CheckoutOptions = {}) =>
    checkoutThroughStoreApi(api, suite.store, options).catch((error) => {
      throw new Error(`Checkout refused: ${JSON.stringify(error?.response?.data ?? error?.message)}`)
    })
  /** The order's shipment once it is found as `ready` shows it (optional: once it exists). */
  const shipmentWhere = (orderId: string, ready: (shipment: PickupPointShipmentDTO) => boolean = () => true) =>
    waitFor(async () => {
      const [shipment] = await suite.pickupPoints.listPickupPointShipments({ order_id: orderId })
      return shipment && ready(shipment) ? shipment : null
    })
  return {
    /** A test that leaves a screenshot of the page behind when it fails. */
    browserTest: (name: string, body: () => Promise<void>) =>
      it(name, async () => {
        try {
          await body()
        } catch (error) {
          await keepFailureScreenshot(suite.browser.page, name.replace(/\W+/g, "-").slice(0, 60))
          throw error
        }
      }),
    checkout,
    /**
     * An order without a phone, placed as a payment webhook or a custom checkout
     * places one (Medusa's completeCartWorkflow run directly): the store route
     * refuses such a cart, so only that path gives the plugin an order it must fail.
     */
    orderWithoutPhone: async () => {
      const cartId = await prepareCart(api, suite.store, { phone: null })
      const { result } = await completeCartWorkflow(getContainer()).run({ input: { id: cartId } })
      const { data } = await api.get(`/admin/orders/${result.id}?fields=id,display_id`, suite.admin)
      return data.order as { id: string; display_id: number }
    },
    /**
     * An order placed while the carrier refuses the plugin's key (rotated on
     * its side): its create waits, pending with the refusal as last error.
     */
    orderWaitingOnCredentials: async (sandboxControl: AxiosInstance) => {
      await setDeliveryMerchantKey(sandboxControl, "rotated-key")
      const order = await checkout()
      const shipment = await shipmentWhere(order.id, (s) => s.status === "pending" && !!s.last_error)
      return { order, shipment }
    },
    /** Runs the retry job until the order's shipment is ready. */
    advanceUntilReady: (orderId: string) =>
      waitFor(async () => {
        await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
        return (await shipmentWhere(orderId)).status === "ready"
      }),
    /** The order's shipment, once it exists (and is in `status`, when given). */
    shipmentOf: (orderId: string, status?: string) => shipmentWhere(orderId, (shipment) => !status || shipment.status === status),
  }
}
