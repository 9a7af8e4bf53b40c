import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor } from "../helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart, type CheckoutOptions } from "../helpers/store-checkout"
import { useAdminSuite } from "./helpers/admin-suite"
import { fulfillOrder } from "../helpers/fulfill-order"
import { keepFailureScreenshot, screenshot, seriousA11yViolations, useLanguage } from "./helpers/browser"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

type SandboxOrder = { orderReferenceCode: string; cancelledAt?: string | null }
const sandboxOrdersWith = async (orderReferenceCode: string) =>
  ((await control().get("/orders")).data.orders as SandboxOrder[]).filter((o) => o.orderReferenceCode === orderReferenceCode)

const DUOMO = {
  code: "PP-MI-001",
  public_code: "MI001",
  name: "Edicola Duomo",
  address: "Piazza del Duomo 1",
  city: "Milano",
  postcode: "20122",
  province: "MI",
  country_code: "IT",
  latitude: 45.4642,
  longitude: 9.19,
  opening_hours: { mon: ["09:00-13:00", "15:00-19:00"], tue: ["09:00-19:00"], sat: ["09:00-13:00"] },
  network_code: "PUDO",
  network_name: "PUDO Network",
}

/** The sandbox's point that hands parcels over only against the e-mailed code. */
const NAVIGLI = {
  code: "PP-MI-002",
  name: "Tabaccheria Navigli",
  address: "Ripa di Porta Ticinese 7",
  city: "Milano",
  postcode: "20143",
  country_code: "IT",
  latitude: 45.452,
  longitude: 9.176,
  network_name: "PUDO Network",
  requires_verification_code: true,
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    const suite = useAdminSuite(getContainer, api, control, [DUOMO, NAVIGLI])
    const page = () => suite.browser.page

    /** The store's checkout; a refusal fails the test with Medusa's own message. */
    const checkout = (options: CheckoutOptions = {}) =>
      checkoutThroughStoreApi(api, suite.store, options).catch((error) => {
        throw new Error(`Checkout refused: ${JSON.stringify(error?.response?.data ?? error?.message)}`)
      })
    /**
     * An order without a phone, placed as a payment webhook or a custom checkout
     * places one (Medusa's completeCartWorkflow run directly): the store route
     * refuses such a cart, so only that path gives the plugin an order it must fail.
     */
    const orderWithoutPhone = async () => {
      const cartId = await prepareCart(api, suite.store, { phone: null })
      const { result } = await completeCartWorkflow(getContainer()).run({ input: { id: cartId } })
      const { data } = await api.get(`/admin/orders/${result.id}?fields=id,display_id`, suite.admin)
      return data.order as { id: string; display_id: number }
    }
    const shipmentOf = (orderId: string, status?: string) =>
      waitFor(async () => {
        const [shipment] = await suite.pickupPoints.listPickupPointShipments({ order_id: orderId })
        return shipment && (!status || shipment.status === status) ? shipment : null
      })
    const openOrder = async (orderId: string) => {
      await page().goto(`${suite.server.url}/app/orders/${orderId}`)
      await page().getByRole("heading", { name: "Pickup point delivery" }).waitFor()
    }

    /** A test that leaves a screenshot of the page behind when it fails. */
    const browserTest = (name: string, body: () => Promise<void>) =>
      it(name, async () => {
        try {
          await body()
        } catch (error) {
          await keepFailureScreenshot(page(), name.replace(/\W+/g, "-").slice(0, 60))
          throw error
        }
      })
    const widget = () => page().getByRole("region", { name: /Pickup point delivery|Consegna al punto di ritiro/ })
    const button = (name: string) => widget().getByRole("button", { name, exact: true })

    browserTest("shows the point and the shipment, and cancels the shipment order before the label", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await openOrder(order.id)

      for (const text of ["Edicola Duomo", "Piazza del Duomo 1", "20122 Milano (MI)", "PUDO Network", "Ready for label", shipment.order_reference_code!]) {
        await widget().getByText(text, { exact: false }).first().waitFor()
      }
      expect(await page().getByRole("link", { name: "Open the coordinates on a map" }).getAttribute("href")).toContain("mlat=45.4642")
      await screenshot(page(), "order-widget-en", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })

      expect(await seriousA11yViolations(page(), '[aria-labelledby="pickup-point-widget-heading"]')).toEqual([])

      await button("Cancel shipment order").click()
      const prompt = page().getByRole("alertdialog")
      await prompt.getByLabel("Notes for the carrier (optional)").fill("Customer changed their mind")
      await prompt.getByRole("button", { name: "Cancel shipment order" }).click()
      await page().getByText(`Shipment order of TEST-${order.display_id} cancelled`).waitFor()
      await page().getByText("Already cancelled.").waitFor()

      const [onService] = await sandboxOrdersWith(shipment.order_reference_code!)
      expect(onService.cancelledAt).toBeTruthy()
    })

    browserTest("after the label: cancel refused with its reason, label link, code send and limits, pickup with the code", async () => {
      const order = await checkout({ pickupPointCode: NAVIGLI.code })
      const shipment = await shipmentOf(order.id, "ready")
      await fulfillOrder(api, suite.admin, suite.store, order)
      await shipmentOf(order.id, "label_generated")
      await openOrder(order.id)

      await widget().getByText("Label generated").first().waitFor()
      expect(await button("Cancel shipment order").isDisabled()).toBe(true)
      await widget().getByText("Cannot be cancelled: its label has been generated.").waitFor()
      expect(await button("Retry shipment").isDisabled()).toBe(true)

      const href = await widget().getByRole("link", { name: "Download label" }).getAttribute("href")
      const label = await page().request.get(new URL(href!, suite.server.url).toString())
      expect(label.headers()["content-type"]).toBe("application/pdf")
      expect(label.status()).toBe(200)
      expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-")

      await button("Send verification code").click()
      await page().getByText("Verification code sent to m***@example.com").first().waitFor()
      const [email] = (await control().get("/emails")).data.emails
      expect(email.orderReferenceCode).toBe(shipment.order_reference_code)
      await widget().getByText("Sends in the last 24 hours: 1 of 5; 4 left today.").waitFor()
      expect(await button("Resend verification code").isDisabled()).toBe(true)
      await widget().getByText(/Just sent; it can be sent again from/).waitFor()
      expect(await page().content()).not.toContain(email.code)

      const codeField = widget().getByLabel("Customer's verification code")
      await button("Record pickup").click()
      await widget().getByRole("alert").getByText(/Enter the code the customer shows/).waitFor()
      await codeField.fill(email.code === "000000" ? "111111" : "000000")
      await button("Record pickup").click()
      await widget().getByRole("alert").getByText(/This code is wrong/).waitFor()

      await codeField.fill(email.code)
      await button("Record pickup").click()
      await page().getByText(`Pickup of TEST-${order.display_id} recorded`).waitFor()
      await widget().getByText("Picked up").first().waitFor()
      const delivered = await waitFor(async () => {
        const { data } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, suite.admin)
        return data.order.fulfillments[0]?.delivered_at
      })
      expect(delivered).toBeTruthy()

      await useLanguage(page(), "it")
      await page().reload()
      await page().getByRole("heading", { name: "Consegna al punto di ritiro" }).waitFor()
      await widget().getByText("Ritirata").first().waitFor()
      await screenshot(page(), "order-widget-it", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      await useLanguage(page(), "en")
    })

    browserTest("warns about a failed shipment, refuses its retry until the missing phone is added, then creates one shipment order", async () => {
      const order = await orderWithoutPhone()
      await shipmentOf(order.id, "failed")
      await openOrder(order.id)

      await widget().getByText("This shipment needs you").waitFor()
      await widget().getByText(/The order has no phone number/).first().waitFor()
      await widget().getByText(/add a phone number to the order's shipping address/).waitFor()
      await screenshot(page(), "order-widget-failed-en", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })

      await button("Retry shipment").click()
      await page().getByText("The shipment was not retried").waitFor()
      await widget().getByText("This shipment needs you").waitFor()

      const { data } = await api.get(`/admin/orders/${order.id}?fields=shipping_address.id`, suite.admin)
      await getContainer().resolve("order").updateOrderAddresses({ id: data.order.shipping_address.id, phone: "+39 02 555 0101" })
      await button("Retry shipment").click()
      await page().getByText(/Shipment retried: (Ready for label|Awaiting import)/).waitFor()
      await widget().getByText("This shipment needs you").waitFor({ state: "detached" })
      const created = await shipmentOf(order.id, "ready")
      const onService = await sandboxOrdersWith(created.order_reference_code!)
      expect(onService).toHaveLength(1)
    })
  },
})
