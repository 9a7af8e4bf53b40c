import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Page } from "playwright-core"
import { Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import seedDemoStore from "../../scripts/seed-demo-store"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { updatePickupPointWorkflow } from "../../src/workflows/pickup-point-catalog"
import type { SandboxOrderView } from "../../test-support/sandbox-fixtures"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor } from "../helpers/seed-store"
import { launchChromium } from "../../test-support/chromium"
import { launchShopperBrowser, screenshot, seriousAccessibilityViolations, type ShopperBrowser } from "./helpers/browser"
import { DEMO_STOREFRONT_CORS, serveDemoStorefront, type DemoStorefront } from "./helpers/demo-storefront"

jest.setTimeout(240_000)

const sandbox = useSandboxForApp()

// The storefront's origin must be in the app's store CORS before the app boots (this hook runs before the runner's);
// its port is chosen only once the storefront is served.
beforeAll(() => {
  process.env.STORE_CORS = DEMO_STOREFRONT_CORS
})

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let storefront: DemoStorefront
    let browser: ShopperBrowser

    beforeAll(async () => {
      const container = getContainer()
      await sandbox.control.post("/reset")
      await seedDemoStore({ container, args: [] })
      const [key] = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable", title: "Storefront" })
      storefront = await serveDemoStorefront({ medusaUrl: String(api.defaults.baseURL), publishableKey: key.token })
      browser = await launchShopperBrowser()
    })

    afterAll(async () => {
      await browser?.close()
      await storefront?.close()
    })

    /** A new checkout at its delivery step with the pickup-point option chosen: the picker's search box and list. */
    async function pickerAtDelivery(page: Page) {
      await page.goto(storefront.url)
      await startPickupPointCheckout(page)
      return {
        search: page.getByRole("searchbox", { name: "Find a pickup point by postcode, city or address" }),
        list: page.getByRole("listbox", { name: "Pickup points" }),
      }
    }

    /** Edicola Duomo searched for and chosen in the picker, then on to the payment step. */
    async function chooseDuomoThenPayment(page: Page, { search, list }: Awaited<ReturnType<typeof pickerAtDelivery>>) {
      await search.fill("Milano")
      await page.keyboard.press("Enter")
      const duomo = list.getByRole("option", { name: /Edicola Duomo/ })
      await duomo.click()
      await waitFor(async () => (await duomo.getAttribute("aria-selected")) === "true")
      await page.getByRole("button", { name: "Continue to payment" }).click()
      await page.getByRole("button", { name: "Continue to review" }).waitFor()
    }

    /** A new checkout with Edicola Duomo chosen, on to the payment step: the picker's search box and list. */
    async function duomoChosenThenPayment(page: Page) {
      const picker = await pickerAtDelivery(page)
      await chooseDuomoThenPayment(page, picker)
      return picker
    }

    /** The store deactivates Edicola Duomo (its published option leaves the list too), or reactivates it. */
    async function setDuomoActive(is_active: boolean) {
      const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
      const [point] = await pickupPoints.listPickupPoints({ code: "PP-MI-001" })
      await updatePickupPointWorkflow(getContainer()).run({ input: { id: point.id, is_active } })
      // The browser may reuse a search answered while the point was inactive for a minute (the catalog's
      // max-age); the next test's shopper starts from an empty cache.
      if (is_active) {
        const devtools = await browser.context.newCDPSession(browser.page)
        await devtools.send("Network.clearBrowserCache")
        await devtools.detach()
      }
    }

    it("lets a shopper find a point in Milano by keyboard, order to it, and see where to collect; the carrier gets that point once", async () => {
      const { page } = browser
      await page.goto(storefront.url)
      await startPickupPointCheckout(page)
      const continueToPayment = page.getByRole("button", { name: "Continue to payment" })
      await expectDisabled(continueToPayment)
      // The store published Duomo and Pantheon as options of their own (for storefronts without a picker):
      // beside the picker they are not offered again, Rome's for a Milano address least of all.
      const offered = await page.locator(".option-name").allTextContents()
      expect(offered.sort()).toEqual(["Home delivery", "Pickup point"])

      // "Use my location": the nearest first, with distances (the browser is a shopper near the Duomo).
      await browser.context.grantPermissions(["geolocation"], { origin: storefront.url })
      await browser.context.setGeolocation({ latitude: 45.466, longitude: 9.19 })
      await page.getByRole("button", { name: "Use my location" }).click()
      const nearest = page.getByRole("listbox", { name: "Pickup points" }).getByRole("option")
      await waitFor(async () => (await nearest.count()) > 0 && /pickup points? found/.test((await page.getByRole("status").textContent()) ?? ""))
      const nearestText = await nearest.allTextContents()
      expect(nearestText[0]).toContain("Edicola Duomo")
      expect(nearestText[0]).toMatch(/Milano\. 200 m away\. /)
      expect(nearestText.every((text) => text.includes("away"))).toBe(true)

      // Search by keyboard only: type in the labelled search box, Enter, arrow into the list, End, Enter.
      const search = page.getByRole("searchbox", { name: "Find a pickup point by postcode, city or address" })
      const searches: string[] = []
      page.on("request", (request) => request.url().includes("/store/pickup-points?") && searches.push(request.url()))
      await search.focus()
      await page.keyboard.type("Milano")
      await page.keyboard.press("Enter")
      const status = page.getByRole("status")
      await waitFor(async () => (await status.textContent()) === "3 pickup points found.")
      // Enter before the typing pause ran out searched at once; the pause's own search is not made again.
      await page.waitForTimeout(600)
      expect(searches.filter((url) => url.includes("q=Milano"))).toHaveLength(1)
      const list = page.getByRole("listbox", { name: "Pickup points" })
      expect(await list.getByRole("option").allTextContents()).toEqual([
        expect.stringContaining("Edicola Duomo"),
        expect.stringContaining("Locker Stazione Centrale"),
        expect.stringContaining("Tabacchi Navigli"),
      ])

      const violations = await seriousAccessibilityViolations(page, "[data-pickup-point-picker]")
      expect(violations).toEqual([])

      await page.keyboard.press("ArrowDown")
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("listbox")
      await page.keyboard.press("End")
      const navigli = list.getByRole("option", { name: /Tabacchi Navigli/ })
      expect(await list.getAttribute("aria-activedescendant")).toBe(await navigli.getAttribute("id"))
      await page.keyboard.press("Enter")
      await waitFor(async () => (await navigli.getAttribute("aria-selected")) === "true").catch(async (error) => {
        await screenshot(page, "storefront-failure", { fullPage: true })
        throw new Error(`${error.message}; the page says: ${await page.getByRole("alert").allTextContents()}`)
      })
      expect(await navigli.textContent()).toContain("Code needed at pickup")
      await screenshot(page, "storefront-picker-en", { selector: "[data-pickup-point-picker]", readme: true })

      // A later search that does not list the chosen point leaves it in view, said to be still the one chosen, with its address and hours.
      await search.fill("Zzyzx")
      await page.keyboard.press("Enter")
      await waitFor(async () => (await status.textContent()) === "No pickup point found. Try another postcode or city.")
      expect(await list.count()).toBe(0)
      const picker = page.locator("[data-pickup-point-picker]")
      await picker.getByText("Your pickup point: Tabacchi Navigli").waitFor()
      await picker.getByText("Ripa di Porta Ticinese 55, 20143 Milano").waitFor()
      expect(await picker.locator("[data-opening-hours] dt").first().textContent()).toBe("Monday")

      await continueToPayment.click()
      await page.getByRole("button", { name: "Continue to review" }).click()
      const review = page.locator("[data-pickup-point-summary]")
      expect(await review.getAttribute("data-pickup-point-summary")).toBe("PP-MI-002")
      await page.getByRole("button", { name: "Place order" }).click()

      const confirmation = page.getByRole("heading", { name: /Order #\d+ is placed/ })
      await confirmation.waitFor()
      const collect = page.getByRole("region", { name: "Collect your order at" })
      const collectText = await collect.textContent()
      expect(collectText).toContain("Tabacchi Navigli")
      expect(collectText).toContain("Ripa di Porta Ticinese 55")
      expect(collectText).toContain("20143 Milano")
      expect(collectText).toContain("Code needed at pickup")

      // The carrier's service got exactly one shipment order, for that point.
      const orders = await waitFor(async () => {
        const all = (await sandbox.control.get("/orders")).data.orders as SandboxOrderView[]
        return all.length ? all : null
      }, 30_000)
      expect(orders).toHaveLength(1)
      expect(orders[0].request.codePickupPoint).toBe("PP-MI-002")
      // The confirmation follows the parcel through the plugin's store route once the carrier registered it.
      await waitFor(async () => (await collect.textContent())?.includes("Order received by the carrier") ?? false, 25_000)
      await screenshot(page, "storefront-confirmation-en", { fullPage: true, readme: true })

      // The demo store opted in to remembering the point: the next checkout lists it first, not chosen yet, above
      // the points around the address (which it is not among), and says so.
      await page.getByRole("button", { name: "Continue shopping" }).click()
      await startPickupPointCheckout(page)
      await waitFor(
        async () =>
          (await page.getByRole("status").textContent()) ===
          "No pickup point at 20123. These are nearby, at postcodes beginning 2012. 2 pickup points found. Your last pickup point is listed first."
      )
      const remembered = page.getByRole("listbox", { name: "Pickup points" }).getByRole("option")
      expect(await remembered.allTextContents()).toEqual([
        expect.stringContaining("Tabacchi Navigli"),
        expect.stringContaining("Edicola Duomo"),
        expect.stringContaining("Locker Stazione Centrale"),
      ])
      expect(await remembered.first().getAttribute("aria-selected")).toBe("false")
    })

    it("gives the keyboard focus back to the search box when a search finds nothing", async () => {
      const { page } = browser
      const { search, list } = await pickerAtDelivery(page)
      await search.fill("Milano")
      await page.keyboard.press("Enter")
      await list.getByRole("option").first().waitFor()

      // Typed on, then down into the list before the pause's search answers: that search finds nothing.
      const nothing = page.waitForResponse((response) => response.url().includes("xyzzy"))
      await search.fill("Milano xyzzy")
      await search.press("ArrowDown")
      expect(await list.evaluate((element) => element === document.activeElement)).toBe(true)
      expect((await (await nothing).json()).pickup_points).toEqual([])
      await list.waitFor({ state: "detached" })
      expect(await search.evaluate((element) => element === document.activeElement)).toBe(true)
    })

    it("shows the points around a postcode where none is, and says so; asks for something to search rather than doing nothing", async () => {
      const { page } = browser
      const { search, list } = await pickerAtDelivery(page)
      const status = page.locator("[data-pickup-point-picker] [role=status]")

      // The step opens on the points around the shipping address's postcode, where there is none.
      expect(await search.inputValue()).toBe("20123")
      await list.getByRole("option", { name: /Edicola Duomo/ }).waitFor()
      await waitFor(async () => (await status.textContent())?.startsWith("No pickup point at 20123. These are nearby, at postcodes beginning 2012.") ?? false)

      await search.fill("")
      await page.keyboard.press("Enter")
      await waitFor(async () => (await status.textContent()) === "Type a postcode, a city or an address to search.")

      // The placeholder's own example: no point at 20121, Edicola Duomo at 20122.
      await search.fill("20121")
      await page.keyboard.press("Enter")
      await list.getByRole("option", { name: /Edicola Duomo/ }).waitFor()
      await waitFor(async () => (await status.textContent())?.startsWith("No pickup point at 20121. These are nearby, at postcodes beginning 2012.") ?? false)

      // "Use my location" then: the results are around the shopper, and the box no longer says 20121.
      await browser.context.grantPermissions(["geolocation"], { origin: storefront.url })
      await browser.context.setGeolocation({ latitude: 45.466, longitude: 9.19 })
      await page.getByRole("button", { name: "Use my location" }).click()
      await waitFor(async () => /^\d+ pickup points? found\.$/.test((await status.textContent()) ?? "") && (await search.inputValue()) === "")
      // Refused after a search that found nothing: the refusal is said, without that search's line above it.
      await search.fill("Milano xyzzy")
      await page.keyboard.press("Enter")
      await waitFor(async () => (await status.textContent()) === "No pickup point found. Try another postcode or city.")
      await browser.context.clearPermissions()
      await page.getByRole("button", { name: "Use my location" }).click()
      const alert = page.locator("[data-pickup-point-picker] [role=alert]")
      await alert.waitFor()
      expect(await status.textContent()).toBe("")
      // Then Enter with nothing typed: the shopper is asked for something to search, with no refusal left above it.
      await search.fill("")
      await page.keyboard.press("Enter")
      await waitFor(async () => (await status.textContent()) === "Type a postcode, a city or an address to search.")
      expect(await alert.count()).toBe(0)
    })

    it("tells a shopper back at delivery that the chosen point was deactivated meanwhile, and holds checkout until another is chosen", async () => {
      const { page } = browser
      const { search, list } = await duomoChosenThenPayment(page)

      // The store deactivates the point (its published option leaves the list too) while the shopper is on the next
      // step; the shopper goes back to delivery.
      await setDuomoActive(false)
      try {
        await page.getByRole("button", { name: /^Change .*delivery$/i }).click()
        const alert = page.locator("[data-pickup-point-picker] [role=alert]")
        await waitFor(async () => (await alert.textContent()) === "This pickup point is no longer available. Please choose another one.")
        const continueToPayment = page.getByRole("button", { name: "Continue to payment" })
        await expectDisabled(continueToPayment)
        await screenshot(page, "storefront-point-unavailable", { selector: "section[aria-label=Delivery]" })

        await search.fill("Milano")
        await page.keyboard.press("Enter")
        // A search does not take the refusal away while the dead point is still the cart's, nor shows it as theirs.
        await waitFor(async () => /pickup points found/.test((await page.getByRole("status").textContent()) ?? ""))
        expect(await alert.textContent()).toBe("This pickup point is no longer available. Please choose another one.")
        expect(await page.locator("[data-pickup-point-picker]").textContent()).not.toContain("Your pickup point")
        expect(await list.locator("[aria-selected=true]").count()).toBe(0)
        // Not the first point of the list.
        const navigli = list.getByRole("option", { name: /Tabacchi Navigli/ })
        await navigli.click()
        await waitFor(async () => (await navigli.getAttribute("aria-selected")) === "true")
        expect(await continueToPayment.isDisabled()).toBe(false)
        // Searched again, then ArrowDown from the search box: the chosen point is the active one, not the first.
        await search.fill("Milano")
        await page.keyboard.press("Enter")
        await waitFor(async () => /pickup points found/.test((await page.getByRole("status").textContent()) ?? ""))
        expect(await list.getByRole("option").first().textContent()).not.toContain("Tabacchi Navigli")
        await page.keyboard.press("ArrowDown")
        expect(await list.getAttribute("aria-activedescendant")).toBe(await navigli.getAttribute("id"))
      } finally {
        await setDuomoActive(true)
      }
    })

    it("sends a shopper whose point was deactivated before placing the order back to delivery, rather than leaving Place order to fail again", async () => {
      const { page } = browser
      await duomoChosenThenPayment(page)
      // The delivery's summary names the method as soon as the point is chosen, not only once the cart is read again.
      expect(await page.locator("section[aria-label=Delivery] > div.muted").textContent()).toMatch(/^Pickup point/)
      // Back at delivery once: the picker looks the chosen point up, and the browser keeps that answer (active) for a
      // minute, so the picker's next look-up will not see the deactivation below.
      await page.getByRole("button", { name: /^Change .*delivery$/i }).click()
      await page.getByRole("button", { name: "Continue to payment" }).click()
      await page.getByRole("button", { name: "Continue to review" }).click()
      const placeOrder = page.getByRole("button", { name: "Place order" })
      await placeOrder.waitFor()
      await setDuomoActive(false)
      try {
        await placeOrder.click()
        // The delivery step, open, says why and holds the checkout until another point is chosen: the store's
        // refusal, not the picker's cached look-up, decides.
        const alert = page.locator("section[aria-label=Delivery] [role=alert]")
        await waitFor(async () => (await alert.first().textContent()) === "This pickup point is no longer available. Please choose another one.")
        await expectDisabled(page.getByRole("button", { name: "Continue to payment" }))
        expect(await placeOrder.count()).toBe(0)
        expect(new URL(page.url()).hash).toMatch(/\/delivery$/)
        expect(await alert.count()).toBe(1)
        // The picker's own look-up asked the store again ("no-cache", through js-sdk), so it is the picker that says it.
        await waitFor(async () => (await page.locator("[data-pickup-point-picker] [role=alert]").count()) === 1)
        // The refused review's entry was replaced: Back opens payment, not a review that can only be refused again;
        // payment refuses the point too, and sends the shopper to delivery the same way.
        await page.goBack()
        await page.getByRole("button", { name: "Continue to review" }).click()
        await waitFor(async () => new URL(page.url()).hash.endsWith("/delivery"))
        await waitFor(async () => (await alert.first().textContent()) === "This pickup point is no longer available. Please choose another one.")
        expect(await page.getByRole("button", { name: "Continue to review" }).count()).toBe(0)
        // Another point chosen: the refusal goes, and the checkout goes on.
        await page.getByRole("searchbox", { name: "Find a pickup point by postcode, city or address" }).fill("Milano")
        await page.keyboard.press("Enter")
        const navigli = page.getByRole("listbox", { name: "Pickup points" }).getByRole("option", { name: /Tabacchi Navigli/ })
        await navigli.click()
        await waitFor(async () => (await navigli.getAttribute("aria-selected")) === "true")
        await waitFor(async () => (await alert.count()) === 0)
        expect(await page.getByRole("button", { name: "Continue to payment" }).isDisabled()).toBe(false)
      } finally {
        await setDuomoActive(true)
      }
    })

    it("keeps the shopper's new choice when the look-up of a deactivated point answers after it", async () => {
      const { page } = browser
      const { search, list } = await duomoChosenThenPayment(page)
      await setDuomoActive(false)
      // A slow network: the picker's look-up of the cart's point is held (the request reaches the store once
      // released) until the shopper has chosen another point.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      const lookUp = /\/store\/pickup-points\/PP-MI-001/
      await page.route(lookUp, async (route) => {
        await held
        await route.continue()
      })
      try {
        await page.getByRole("button", { name: /^Change .*delivery$/i }).click()
        await search.fill("Milano")
        await page.keyboard.press("Enter")
        const navigli = list.getByRole("option", { name: /Tabacchi Navigli/ })
        await navigli.click()
        await waitFor(async () => (await navigli.getAttribute("aria-selected")) === "true")

        // The look-up answers now (not found, then not in the fallback search): the choice just made stands.
        const fallback = page.waitForResponse((response) => response.url().includes("q=PP-MI-001"))
        release()
        await fallback
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
        expect(await page.locator("[data-pickup-point-picker] [role=alert]").count()).toBe(0)
        expect(await navigli.getAttribute("aria-selected")).toBe("true")
        expect(await page.getByRole("button", { name: "Continue to payment" }).isDisabled()).toBe(false)
      } finally {
        release()
        await page.unroute(lookUp)
        await setDuomoActive(true)
      }
    })

    it("comes back, after a reload, to the same checkout at the step it needs, and to the same order with where to collect it", async () => {
      // A tab of its own: its history holds only this shopper's steps, so that Back out of the store shows.
      const page = await browser.context.newPage()
      const startedAt = new Date()
      const picker = await pickerAtDelivery(page)
      const hash = () => new URL(page.url()).hash
      expect(hash()).toMatch(/^#checkout\/cart_\w+\/delivery$/)
      const cartAddress = hash().slice(0, -"/delivery".length)
      // Each step is an entry of the history: Back returns to the address step, then to the shop, not out of the
      // store; Forward to the address step, then to the delivery step.
      const continueToDelivery = page.getByRole("button", { name: "Continue to delivery" })
      await page.goBack()
      await continueToDelivery.waitFor()
      expect(hash()).toBe(`${cartAddress}/address`)
      await page.goBack()
      await page.getByRole("heading", { name: "Shop" }).waitFor()
      expect(hash()).toBe("")
      await page.goForward()
      await continueToDelivery.waitFor()
      await page.goForward()
      await page.getByText("How should we deliver?").waitFor()
      expect(hash()).toBe(`${cartAddress}/delivery`)
      // A step the cart is not ready for, typed into the address: the step it needs, said so by the address.
      await page.evaluate((address) => (window.location.hash = address), `${cartAddress}/review`)
      await waitFor(async () => hash() === `${cartAddress}/delivery`)
      await page.getByText("How should we deliver?").waitFor()
      // The correction took the typed entry's place: Back passes it (the same step) and reaches the address step,
      // rather than landing on the typed step again and being sent forward.
      await page.goBack()
      await page.goBack()
      await continueToDelivery.waitFor()
      expect(hash()).toBe(`${cartAddress}/address`)
      await page.goForward()
      await page.goForward()
      await waitFor(async () => hash() === `${cartAddress}/delivery`)
      await page.getByText("How should we deliver?").waitFor()

      // Reloaded at delivery: the address kept above, the options to choose from.
      await page.reload()
      await page.getByText("How should we deliver?").waitFor()
      expect(await page.locator("section[aria-label='Contact and address']").textContent()).toContain("giulia.rossi@example.com")
      await page.getByRole("radio", { name: /^Pickup point €/ }).check()
      await chooseDuomoThenPayment(page, picker)

      // Reloaded at payment: the same cart at the same step, the delivery above it with its point.
      const continueToReview = page.getByRole("button", { name: "Continue to review" })
      await page.reload()
      await continueToReview.waitFor()
      const delivery = page.locator("section[aria-label=Delivery] [data-pickup-point-summary]")
      await delivery.waitFor()
      expect(await delivery.getAttribute("data-pickup-point-summary")).toBe("PP-MI-001")
      expect(await page.locator("aside.bag").textContent()).toContain("Sneakers")
      // The method by name (not among Medusa's default cart fields), then its point.
      expect(await page.locator("section[aria-label=Delivery] > div.muted").textContent()).toMatch(/^Pickup point/)
      expect(hash()).toBe(`${cartAddress}/payment`)
      // Back from payment: the delivery step open again, with the point chosen; Forward: payment.
      await page.goBack()
      await page.getByRole("button", { name: "Continue to payment" }).waitFor()
      expect(hash()).toBe(`${cartAddress}/delivery`)
      expect(await picker.list.getByRole("option", { name: /Edicola Duomo/ }).getAttribute("aria-selected")).toBe("true")
      await page.goForward()
      await continueToReview.waitFor()
      expect(hash()).toBe(`${cartAddress}/payment`)

      // Reloaded at review: the payment chosen, the order to place.
      await continueToReview.click()
      const placeOrder = page.getByRole("button", { name: "Place order" })
      await placeOrder.waitFor()
      await page.reload()
      await placeOrder.click()
      const confirmation = page.getByRole("heading", { name: /Order #\d+ is placed/ })
      await confirmation.waitFor()
      const placed = await confirmation.textContent()
      const orderAddress = new URL(page.url()).hash
      expect(orderAddress).toMatch(/^#order\/order_/)

      // Reloaded at the confirmation: the same order, and where to collect it.
      await page.reload()
      await confirmation.waitFor()
      expect(await confirmation.textContent()).toBe(placed)
      const collect = page.getByRole("region", { name: "Collect your order at" })
      expect(await collect.textContent()).toContain("Edicola Duomo")

      // The cart's address, as a page gone between placing and its confirmation left it, opened in the same tab
      // (only the address's hash changes, so the page is not loaded again): the same order.
      await page.goto(`${storefront.url}${cartAddress}`)
      await waitFor(async () => new URL(page.url()).hash === orderAddress)
      await confirmation.waitFor()
      expect(await confirmation.textContent()).toBe(placed)
      expect(new URL(page.url()).hash).toBe(orderAddress)
      // Completing the placed cart again made no second order, nor a second shipment order.
      const orders = await getContainer().resolve(Modules.ORDER).listOrders({ created_at: { $gte: startedAt.toISOString() } })
      expect(orders.map((order) => order.id)).toEqual([orderAddress.slice("#order/".length)])
      const shipments = await waitFor(async () => {
        const all = (await sandbox.control.get("/orders")).data.orders as SandboxOrderView[]
        return all.some((order) => order.request.codePickupPoint === "PP-MI-001") ? all : null
      }, 30_000)
      expect(shipments.filter((order) => order.request.codePickupPoint === "PP-MI-001")).toHaveLength(1)

      await page.getByRole("button", { name: "Continue shopping" }).click()
      await page.getByRole("heading", { name: "Shop" }).waitFor()
      expect(new URL(page.url()).hash).toBe("")
      // Back from the shop: the order, not its placed checkout.
      await page.goBack()
      await confirmation.waitFor()
      expect(new URL(page.url()).hash).toBe(orderAddress)
      await page.goForward()
      await page.getByRole("heading", { name: "Shop" }).waitFor()
      // The order's address typed over the shop's, in the same tab: its confirmation again.
      await page.evaluate((hash) => (window.location.hash = hash), orderAddress)
      await confirmation.waitFor()
      expect(await confirmation.textContent()).toBe(placed)
      // A mistyped order's address: the shop, saying the order was not found rather than nothing.
      await page.evaluate(() => (window.location.hash = "#order/order_doesnotexist"))
      await page.getByRole("alert").getByText("We could not find this order.", { exact: false }).waitFor()
      await page.getByRole("heading", { name: "Shop" }).waitFor()

      // The store cancels the order: its page no longer thanks the shopper nor sends them to the point.
      const orderId = orderAddress.slice("#order/".length)
      await cancelOrderWorkflow(getContainer()).run({ input: { order_id: orderId } })
      const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
      await waitFor(async () => (await pickupPoints.listPickupPointShipments({ order_id: orderId }))[0]?.status === "cancelled", 30_000)
      await page.evaluate((hash) => (window.location.hash = hash), orderAddress)
      await page.getByRole("heading", { name: /^Order #\d+ was cancelled\.$/ }).waitFor()
      const notComing = page.getByRole("region", { name: "Not coming to this pickup point" })
      await notComing.getByText("Shipment cancelled").waitFor()
      expect(await notComing.textContent()).not.toContain("Opening hours")
      await page.close()
    })

    it("speaks Italian to a shopper who chose it: the picker, its notes and badges, the review and where to collect", async () => {
      // A browser of its own: the demo keeps the language in the profile's storage, which the other tests share.
      const italian = await launchChromium({ viewport: { width: 1280, height: 900 }, locale: "it-IT", timezoneId: "Europe/Rome", timeoutMs: 20_000 })
      try {
        const { page } = italian
        // A first visit from an Italian browser: Italian without being asked.
        await page.goto(storefront.url)
        expect(await page.locator("html").getAttribute("lang")).toBe("it")
        await page.getByRole("heading", { name: "Negozio" }).waitFor()
        await page.getByRole("button", { name: "Compra Sneakers" }).click()
        const fieldIt = (label: string) => page.getByRole("textbox", { name: label, exact: true })
        await fieldIt("E-mail").fill("giulia.rossi@example.com")
        await fieldIt("Nome").fill("Giulia")
        await fieldIt("Cognome").fill("Rossi")
        await fieldIt("Indirizzo").fill("Via Torino 10")
        await fieldIt("CAP").fill("20123")
        await fieldIt("Città").fill("Milano")
        await fieldIt("Telefono").fill("+39 333 1234567")
        await page.getByRole("button", { name: "Continua con la consegna" }).click()
        await page.getByRole("radio", { name: /^Pickup point/ }).check()

        // The points around the address's postcode, said so in Italian; then a search by city.
        const status = page.getByRole("status")
        await waitFor(
          async () =>
            (await status.textContent()) ===
            "Nessun punto di ritiro al CAP 20123. Ecco quelli vicini, con CAP che inizia per 2012. 2 punti di ritiro trovati."
        )
        const search = page.getByRole("searchbox", { name: "Cerca un punto di ritiro per CAP, città o indirizzo" })
        await search.fill("Milano")
        await page.keyboard.press("Enter")
        await waitFor(async () => (await status.textContent()) === "3 punti di ritiro trovati.")
        const list = page.getByRole("listbox", { name: "Punti di ritiro" })
        expect(await list.getByRole("option", { name: /Tabacchi Navigli/ }).textContent()).toContain("Codice richiesto al ritiro")
        const duomo = list.getByRole("option", { name: /Edicola Duomo/ })
        await duomo.click()
        await waitFor(async () => (await duomo.getAttribute("aria-selected")) === "true")
        expect(await duomo.textContent()).toContain("Scelto")
        expect(await seriousAccessibilityViolations(page, "[data-pickup-point-picker]")).toEqual([])
        await screenshot(page, "storefront-picker-it", { selector: "[data-pickup-point-picker]", readme: true })

        await page.getByRole("button", { name: "Continua con il pagamento" }).click()
        await page.getByRole("button", { name: "Continua con il riepilogo" }).click()
        const review = page.getByRole("region", { name: "Ritira il tuo ordine presso" })
        expect(await review.textContent()).toContain("Edicola Duomo")
        await page.getByRole("button", { name: "Conferma l'ordine" }).click()

        await page.getByRole("heading", { name: /^Grazie! L'ordine n\. \d+ è confermato\.$/ }).waitFor()
        const collect = page.getByRole("region", { name: "Ritira il tuo ordine presso" })
        expect(await collect.textContent()).toContain("Orari di apertura")
        expect(await collect.locator("[data-opening-hours] dt").first().textContent()).toBe("lunedì")
        // The carrier's stage, in Italian once the carrier registered the shipment order.
        await waitFor(async () => (await collect.textContent())?.includes("Stato: Ordine ricevuto dal corriere") ?? false, 25_000)
        expect(await page.locator(".total").textContent()).toMatch(/Totale\s*\d+,\d{2}\s€/)
        await screenshot(page, "storefront-confirmation-it", { fullPage: true, readme: true })

        // The store opens the point on Sundays after the order: the shopper's page shows the hours the point keeps now.
        const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
        const [duomoNow] = await pickupPoints.listPickupPoints({ code: "PP-MI-001" })
        const hours = duomoNow.opening_hours as Record<string, string[]>
        await updatePickupPointWorkflow(getContainer()).run({ input: { id: duomoNow.id, opening_hours: { ...hours, sun: ["10:00-12:00"] } } })
        try {
          // Its answer of a minute ago may still be in the browser's cache (the catalog's max-age).
          const devtools = await italian.context.newCDPSession(page)
          await devtools.send("Network.clearBrowserCache")
          await devtools.detach()
          await page.reload()
          const sunday = collect.locator("[data-opening-hours] [data-day=sun] dd")
          await waitFor(async () => (await sunday.textContent()) === "10:00–12:00")
        } finally {
          await updatePickupPointWorkflow(getContainer()).run({ input: { id: duomoNow.id, opening_hours: hours } })
        }

        // Back to English, and it stays so after a reload, the browser's language notwithstanding.
        await page.getByRole("button", { name: "English" }).click()
        await page.getByRole("region", { name: "Collect your order at" }).waitFor()
        await page.reload()
        await page.getByRole("region", { name: "Collect your order at" }).waitFor()
        // An address that asks for Italian gets it; switched to English there, the address says so, and a reload keeps it.
        await page.goto(`${storefront.url}?lang=it`)
        await page.getByRole("heading", { name: "Negozio" }).waitFor()
        await page.getByRole("button", { name: "English" }).click()
        await page.getByRole("heading", { name: "Shop" }).waitFor()
        expect(new URL(page.url()).searchParams.get("lang")).toBe("en")
        await page.reload()
        await page.getByRole("heading", { name: "Shop" }).waitFor()
      } finally {
        await italian.close()
      }
    })
  },
})

/** From the shop to the delivery step, with the generic pickup-point option chosen: the shopper chooses the point. */
async function startPickupPointCheckout(page: Page) {
  await page.getByRole("button", { name: "Buy Sneakers" }).click()
  await fillAddress(page)
  await page.getByRole("radio", { name: /^Pickup point €/ }).check()
}

/** The contact and address step, with the phone number the pickup point texts. */
async function fillAddress(page: Page) {
  await field(page, "E-mail").fill("giulia.rossi@example.com")
  await field(page, "First name").fill("Giulia")
  await field(page, "Last name").fill("Rossi")
  await field(page, "Address").fill("Via Torino 10")
  await field(page, "Postcode").fill("20123")
  await field(page, "City").fill("Milano")
  await field(page, "Phone").fill("+39 333 1234567")
  await page.getByRole("button", { name: "Continue to delivery" }).click()
}

/** The checkout form's text box of that exact label. */
function field(page: Page, label: string) {
  return page.getByRole("textbox", { name: label, exact: true })
}

async function expectDisabled(locator: { isDisabled: () => Promise<boolean> }) {
  expect(await locator.isDisabled()).toBe(true)
}
