import { readFileSync } from "node:fs"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PLUGIN_API_KEY, setDeliveryMerchantKey, useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor } from "../helpers/seed-store"
import { adminSuiteActions, useAdminSuite } from "./helpers/admin-suite"
import { screenshot, seriousA11yViolations, useLanguage } from "./helpers/browser"
import { DUOMO_POINT_WITH_CODES } from "../helpers/catalog-points"
import { fulfillOrder } from "../helpers/fulfill-order"
import { syncTrackingWorkflow } from "../../src/workflows"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

type SandboxOrder = { orderReferenceCode: string; cancelledAt?: string | null }
const sandboxOrdersWith = async (orderReferenceCode: string) =>
  ((await control().get("/orders")).data.orders as SandboxOrder[]).filter((o) => o.orderReferenceCode === orderReferenceCode)

const DUOMO = {
  ...DUOMO_POINT_WITH_CODES,
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
    const { advanceUntilReady, browserTest, checkout, orderWaitingOnCredentials, orderWithoutPhone, shipmentOf } = adminSuiteActions(suite, getContainer, api)

    const openOrder = async (orderId: string) => {
      await page().goto(`${suite.server.url}/app/orders/${orderId}`)
      await page().getByRole("heading", { name: "Pickup point delivery" }).waitFor()
    }

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
      // Why there is no label is said once, under the disabled action, not again in the shipment's details.
      expect(await widget().getByText("No label yet: \"Fulfill items\" on this order makes it.").count()).toBe(1)
      expect(await button("Download label").getAttribute("aria-describedby")).toBe("pickup-point-label-reason")
      await screenshot(page(), "order-widget-en", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })

      expect(await seriousA11yViolations(page(), '[aria-labelledby="pickup-point-widget-heading"]')).toEqual([])

      // The hours the customer collects by are the catalog's now, said so when they changed since the order;
      // a point no longer active shows the order's hours, with what to do.
      const [duomo] = await suite.pickupPoints.listPickupPoints({ code: DUOMO.code })
      const hoursNote = () => widget().getByText(/changed after the order was placed|inactive in your catalog/)
      expect(await hoursNote().count()).toBe(0)
      // As the admin's edit saves a point (the generated updatePickupPoints would merge the hours into the old ones).
      await suite.pickupPoints.updateCatalogPoints([{ id: duomo.id, opening_hours: { ...DUOMO.opening_hours, sun: ["10:00-12:00"] } }])
      await page().reload()
      await widget().getByText("Current hours from your catalog: they changed after the order was placed.").waitFor()
      await widget().getByText("Sun: 10:00-12:00").waitFor()
      await suite.pickupPoints.updateCatalogPoints([{ id: duomo.id, is_active: false }])
      await page().reload()
      await widget().getByText("Hours at the time of the order: this point is now inactive in your catalog.", { exact: false }).waitFor()
      await widget().getByText("Sun: closed").waitFor()
      await screenshot(page(), "order-widget-point-inactive-en", { selector: "section[aria-labelledby=pickup-point-heading]" })
      await useLanguage(page(), "it")
      await page().reload()
      await widget().getByText("Orari al momento dell'ordine: il punto ora è disattivato nel catalogo.", { exact: false }).waitFor()
      await screenshot(page(), "order-widget-point-inactive-it", { selector: "section[aria-labelledby=pickup-point-heading]" })
      await useLanguage(page(), "en")
      await suite.pickupPoints.updateCatalogPoints([{ id: duomo.id, is_active: true, opening_hours: DUOMO.opening_hours }])
      await page().reload()
      await widget().getByText("Sun: closed").waitFor()
      expect(await hoursNote().count()).toBe(0)

      await button("Cancel shipment order").click()
      const prompt = page().getByRole("alertdialog")
      await prompt.getByLabel("Notes for the carrier (optional)").fill("Customer changed their mind")
      await prompt.getByRole("button", { name: "Cancel shipment order" }).click()
      await page().getByText(`Shipment order of TEST-${order.display_id} cancelled`).waitFor()
      await page().getByText("Already cancelled.").waitFor()

      const [onService] = await sandboxOrdersWith(shipment.order_reference_code!)
      expect(onService.cancelledAt).toBeTruthy()

      // A cancel made by mistake is not the end: "Ship again" creates a new shipment order, to the same point if chosen.
      // In Italian first: the action, the drawer and its point list in the admin's language.
      await useLanguage(page(), "it")
      await page().reload()
      await button("Spedisci di nuovo").click()
      const drawerIt = page().getByRole("dialog")
      await drawerIt.getByRole("heading", { name: `Spedisci di nuovo TEST-${order.display_id}` }).waitFor()
      await drawerIt.getByRole("radio", { name: /^Edicola Duomo \(PP-MI-001\).*Il punto di ritiro dell'ordine finora/ }).click()
      await drawerIt.getByRole("status").getByText("Destinazione: Edicola Duomo (PP-MI-001)", { exact: false }).waitFor()
      await screenshot(page(), "ship-again-it", { selector: '[role="dialog"]' })
      await page().keyboard.press("Escape")
      await drawerIt.waitFor({ state: "detached" })
      await useLanguage(page(), "en")
      await page().reload()
      await button("Ship again").click()
      const drawer = page().getByRole("dialog")
      await drawer.getByRole("heading", { name: `Ship TEST-${order.display_id} again` }).waitFor()
      await drawer.getByRole("radio", { name: /^Edicola Duomo \(PP-MI-001\).*The order's pickup point until now/ }).click()
      await drawer.getByRole("status").getByText("Ships to: Edicola Duomo (PP-MI-001), Piazza del Duomo 1").waitFor()
      await screenshot(page(), "ship-again-en", { selector: '[role="dialog"]' })
      await drawer.getByRole("button", { name: "Create the shipment order" }).click()
      await page().getByText(`TEST-${order.display_id} ships again, to Edicola Duomo`).waitFor()
      await drawer.waitFor({ state: "detached" })
      await widget().getByText("Shipped again to PP-MI-001.", { exact: false }).first().waitFor()
      const next = await shipmentOf(order.id, "ready")
      expect(next.order_number).toBe(`TEST-${order.display_id}-2`)
      expect((await sandboxOrdersWith(next.order_reference_code!)).map((o) => [o.cancelledAt ?? null])).toEqual([[null]])
    })

    browserTest("follows Medusa's own 'Fulfill items' on the open order page: the label shows without a reload", async () => {
      const order = await checkout({ pickupPointCode: NAVIGLI.code })
      await shipmentOf(order.id, "ready")
      await openOrder(order.id)
      await widget().getByText("Ready for label").first().waitFor()

      // Through Medusa's own form: it refreshes Medusa's order, and the widget must follow it.
      const unfulfilled = page().locator("div", { has: page().getByRole("heading", { name: "Unfulfilled Items", exact: true }) }).last()
      await unfulfilled.getByRole("button").last().click()
      await page().getByRole("menuitem", { name: "Fulfill items" }).click()
      // The form fills in the order's location and shipping option once it has read them.
      const form = page().getByRole("dialog")
      await form.getByText("Pickup point", { exact: true }).first().waitFor()
      await form.getByRole("button", { name: "Create Fulfillment" }).click()
      await page().getByText("Fulfillment created successfully").waitFor()

      await widget().getByText("Label generated").first().waitFor({ timeout: 15_000 })
      await widget().getByRole("link", { name: "Download label" }).waitFor()
      await shipmentOf(order.id, "label_generated")
    })

    browserTest("after the label: cancel refused with its reason, label link, code send and limits, pickup with the code", async () => {
      const order = await checkout({ pickupPointCode: NAVIGLI.code })
      const shipment = await shipmentOf(order.id, "ready")
      // "Fulfill items" as the dashboard sends it: from its origin, with its session cookie.
      const fulfilled = await page().request.post(`${suite.server.url}/admin/orders/${order.id}/fulfillments`, {
        data: { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: suite.store.location.id },
      })
      expect(fulfilled.status()).toBe(200)
      await shipmentOf(order.id, "label_generated")
      await openOrder(order.id)

      await widget().getByText("Label generated").first().waitFor()
      expect(await button("Cancel shipment order").isDisabled()).toBe(true)
      await widget().getByText("Cannot be cancelled: its label has been generated.").waitFor()
      expect(await button("Retry shipment").isDisabled()).toBe(true)

      expect(await button("Change pickup point").isDisabled()).toBe(true)
      await widget().getByText("Cannot be changed: the label has been generated. Ask the carrier to redirect the parcel.").waitFor()

      // Medusa's own fulfillment card links the label: an absolute URL that the dashboard's session opens.
      const cardLink = await page().getByRole("link", { name: "Label", exact: true }).getAttribute("href")
      expect(cardLink).toMatch(new RegExp(`^https?://[^/]+/admin/pickup-point/shipments/${shipment.id}/label$`))
      const fromCard = await page().evaluate(async (url) => {
        const answer = await fetch(url, { credentials: "include" })
        const bytes = new Uint8Array(await answer.arrayBuffer())
        return { status: answer.status, type: answer.headers.get("content-type"), head: String.fromCharCode(...bytes.slice(0, 5)) }
      }, cardLink!)
      expect(fromCard).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" })

      const href = await widget().getByRole("link", { name: "Download label" }).getAttribute("href")
      const label = await page().request.get(new URL(href!, suite.server.url).toString())
      expect(label.headers()["content-type"]).toBe("application/pdf")
      expect(label.status()).toBe(200)
      expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-")

      // Clicked, the link saves the PDF under the order's number; a label that cannot be had is said
      // in a toast, never shown as a tab of JSON.
      const link = widget().getByRole("link", { name: "Download label" })
      const [download] = await Promise.all([page().waitForEvent("download"), link.click()])
      expect(download.suggestedFilename()).toBe(`label-${shipment.order_number}.pdf`)
      expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-")
      const labelled = await shipmentOf(order.id, "label_generated")
      await suite.pickupPoints.deletePickupPointLabels(labelled.label_file_id!)
      await control().post("/faults", { operation: "downloadLabel", kind: "reject", times: 10 })
      const pages = page().context().pages().length
      await link.click()
      await page().getByText("The label could not be downloaded").waitFor()
      expect(page().context().pages().length).toBe(pages)
      await control().delete("/faults")

      // A code typed before any was sent is wrong, and the line says none was sent; the send that follows makes it stale.
      // The carrier has not reported the parcel at the point: the admin is asked first, though a code is typed.
      const codeField = widget().getByLabel("Customer's verification code")
      await codeField.fill("123456")
      await button("Record pickup").click()
      const prompt = page().getByRole("alertdialog")
      await prompt.getByText("The carrier has not reported this parcel at the pickup point yet", { exact: false }).waitFor()
      await prompt.getByRole("button", { name: "Record pickup" }).click()
      await widget().getByRole("alert").getByText("This code is wrong, and no code has been sent for this parcel yet", { exact: false }).waitFor()

      // The carrier sends the e-mail, and its answer is lost: the admin is told it probably went out.
      await control().post("/faults", { operation: "sendVerificationCode", kind: "commit_then_drop", times: 1 })
      await button("Send verification code").click()
      await page().getByText("The carrier did not confirm the send to m***@example.com: the code probably went out.", { exact: false }).waitFor()
      await widget().getByRole("alert").filter({ hasText: /This code is wrong/ }).waitFor({ state: "detached" })
      await codeField.fill("")
      await widget().getByText("Verification code probably sent to m***@example.com").waitFor()
      const [email] = (await control().get("/emails")).data.emails
      expect(email.orderReferenceCode).toBe(shipment.order_reference_code)
      await widget().getByText("Sent in the last 24 hours: 1 of 5 allowed.").waitFor()
      expect(await widget().getByText("hands parcels over without a code", { exact: false }).count()).toBe(0)
      expect(await button("Resend verification code").isDisabled()).toBe(true)
      await widget().getByText(/Just sent; it can be sent again from/).waitFor()
      expect(await page().content()).not.toContain(email.code)

      // The carrier reports the parcel at the point, which the admin checks now rather than at the next sync:
      // a pickup with a code is no longer asked about first.
      await control().post(`/orders/${shipment.order_reference_code}/tracking`, { statusCode: "ST_0005" })
      await button("Check with the carrier").click()
      await page().getByText("Checked with the carrier").waitFor()
      await widget().getByText("At the pickup point").first().waitFor()
      await button("Record pickup").click()
      await widget().getByRole("alert").getByText(/Enter the code the customer shows/).waitFor()
      await codeField.fill(email.code === "000000" ? "111111" : "000000")
      await button("Record pickup").click()
      await widget().getByRole("alert").getByText("This code is wrong. Ask the customer for the code in their e-mail, or send it again.").waitFor()
      expect(await prompt.count()).toBe(0)

      await codeField.fill(email.code)
      await button("Record pickup").click()
      await page().getByText(`Pickup of TEST-${order.display_id} recorded`).waitFor()
      await widget().getByText("Picked up").first().waitFor()
      // Picked up is final: no "not heard from the carrier yet" promising news that will not come.
      await widget().getByText("Picked up by the customer").first().waitFor()
      expect(await widget().getByText("Not heard from the carrier yet").count()).toBe(0)
      const delivered = await waitFor(async () => {
        const { data } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, suite.admin)
        return data.order.fulfillments[0]?.delivered_at
      })
      expect(delivered).toBeTruthy()

      await useLanguage(page(), "it")
      await page().reload()
      await page().getByRole("heading", { name: "Consegna al punto di ritiro" }).waitFor()
      await widget().getByText("Ritirata").first().waitFor()
      // The history's fixed lines in Italian too.
      await widget().getByText("Importato dal servizio").waitFor()
      await widget().getByText("Creato sul servizio").waitFor()
      await screenshot(page(), "order-widget-it", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      await useLanguage(page(), "en")
    })

    browserTest("asks before recording a pickup without a code, at a point that needs none", async () => {
      const order = await checkout()
      await shipmentOf(order.id, "ready")
      const fulfilled = await page().request.post(`${suite.server.url}/admin/orders/${order.id}/fulfillments`, {
        data: { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: suite.store.location.id },
      })
      expect(fulfilled.status()).toBe(200)
      const labelled = await shipmentOf(order.id, "label_generated")
      await openOrder(order.id)
      await widget().getByText("Label generated").first().waitFor()
      // A code can still be sent (a catalog can be wrong), but the admin is told this point needs none.
      await widget().getByText("This point hands parcels over without a code: send one only if the point asks for it.", { exact: false }).waitFor()

      // One click would tell the carrier the parcel was collected: the admin is asked first, and can step back.
      await button("Record pickup").click()
      const prompt = page().getByRole("alertdialog")
      await prompt.getByText(`Record the pickup of TEST-${order.display_id}?`).waitFor()
      await prompt.getByText("The carrier has not reported this parcel at the pickup point yet", { exact: false }).waitFor()
      await screenshot(page(), "record-pickup-prompt-en", { selector: '[role="alertdialog"]' })
      await prompt.getByRole("button", { name: "Not yet" }).click()
      await prompt.waitFor({ state: "detached" })
      expect((await suite.pickupPoints.retrievePickupPointShipment(labelled.id)).tracking_stage).toBe(labelled.tracking_stage)

      await useLanguage(page(), "it")
      await page().reload()
      await page().getByRole("heading", { name: "Consegna al punto di ritiro" }).waitFor()
      await widget().getByRole("button", { name: "Registra ritiro" }).click()
      await prompt.getByText(`Registrare il ritiro di TEST-${order.display_id}?`).waitFor()
      await screenshot(page(), "record-pickup-prompt-it", { selector: '[role="alertdialog"]' })
      await prompt.getByRole("button", { name: "Non ancora" }).click()
      await prompt.waitFor({ state: "detached" })
      await useLanguage(page(), "en")
      await page().reload()
      await widget().getByText("Label generated").first().waitFor()

      await button("Record pickup").click()
      await prompt.getByRole("button", { name: "Record pickup" }).click()
      await page().getByText(`Pickup of TEST-${order.display_id} recorded`).waitFor()
      expect((await suite.pickupPoints.retrievePickupPointShipment(labelled.id)).tracking_status_code).toBe("ST_0007")
    })

    browserTest("changes the pickup point before the label: one live shipment order on the sandbox, for the new point", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await openOrder(order.id)

      await button("Change pickup point").click()
      const drawer = page().getByRole("dialog")
      await drawer.getByText("Now going to: Edicola Duomo (PP-MI-001)").waitFor()
      // Only points in the order's country are offered: the server refuses any other.
      await drawer.getByText("Only points in the order's shipping country (Italy) are listed.").waitFor()
      // Before a search, the points around the current one, nearest first, each with its distance and whether it needs a code.
      await drawer.getByText("Nearest the current point first, within 50 km. Search to look further.").waitFor()
      await drawer.getByRole("radio", { name: /^Tabaccheria Navigli \(PP-MI-002\).*1\.7 km from the current point\s*Code at pickup$/ }).waitFor()
      await drawer.getByRole("button", { name: "Change pickup point" }).click()
      await drawer.getByRole("alert").getByText("Choose the new pickup point from the list first.").waitFor()
      await drawer.getByLabel("Search the catalog").fill("Navigli")
      await drawer.getByText("Nearest the current point first.", { exact: true }).waitFor()
      await drawer.getByRole("radio", { name: /Tabaccheria Navigli \(PP-MI-002\)/ }).click()
      // Enter in the search box, as a search box invites, does not send the change: only its button does.
      const changesSent: string[] = []
      const countChange = (request: { url: () => string; method: () => string }) => {
        if (request.method() === "POST" && request.url().endsWith(`/admin/pickup-point/shipments/${shipment.id}/pickup-point`)) changesSent.push(request.url())
      }
      page().on("request", countChange)
      await drawer.getByLabel("Search the catalog").press("Enter")
      // A later search that no longer lists the choice leaves it in view: it is what "Change pickup point" sends.
      await drawer.getByLabel("Search the catalog").fill("no such point anywhere")
      await drawer.getByText("No other active pickup point matches the search.").waitFor()
      await drawer.getByRole("status").getByText("New pickup point: Tabaccheria Navigli (PP-MI-002), Ripa di Porta Ticinese 7").waitFor()
      await drawer.getByLabel("Search the catalog").fill("Navigli")
      await drawer.getByRole("radio", { name: /Tabaccheria Navigli \(PP-MI-002\)/, checked: true }).waitFor()
      await drawer.getByLabel("Note for the order's history (optional)").fill("Closer to the customer's office")
      page().off("request", countChange)
      expect(changesSent).toEqual([])
      await screenshot(page(), "change-pickup-point-en", { selector: '[role="dialog"]' })
      expect(await seriousA11yViolations(page(), '[role="dialog"]')).toEqual([])
      // The new shipment's overview is slow to come: meanwhile the old one stays shown, with no action live on it.
      const newOverview = (url: URL) => url.pathname.endsWith("/overview") && !url.pathname.includes(shipment.id)
      await page().route(newOverview, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000))
        await route.continue().catch(() => undefined)
      })
      const newOverviewAsked = page().waitForRequest((request) => newOverview(new URL(request.url())))
      // The replaced shipment is archived: its overview is not read again (it would answer 404).
      const oldOverviewReads: number[] = []
      const countOldOverview = (response: { url: () => string; status: () => number }) => {
        if (response.url().includes(`/admin/pickup-point/shipments/${shipment.id}/overview`)) oldOverviewReads.push(response.status())
      }
      page().on("response", countOldOverview)
      const [answer] = await Promise.all([
        page().waitForResponse((response) => response.url().endsWith(`/admin/pickup-point/shipments/${shipment.id}/pickup-point`)),
        drawer.getByRole("button", { name: "Change pickup point" }).click(),
      ])
      expect({ status: answer.status(), pickup_point_code: (await answer.json()).shipment?.pickup_point_code }).toEqual({ status: 200, pickup_point_code: "PP-MI-002" })
      await page().getByText("Pickup point changed to Tabaccheria Navigli").waitFor()
      await drawer.waitFor({ state: "detached" })
      await newOverviewAsked
      await widget().getByText(shipment.order_reference_code!).first().waitFor()
      expect(await button("Cancel shipment order").isDisabled()).toBe(true)
      expect(await button("Change pickup point").isDisabled()).toBe(true)
      await page().unroute(newOverview)
      await widget().getByText("Ripa di Porta Ticinese 7").waitFor()
      page().off("response", countOldOverview)
      expect(oldOverviewReads).toEqual([])
      // Said once, by the shipment that continued: the replaced one's "continued as" line (with an id) is left out.
      await widget().getByText("Pickup point changed from PP-MI-001 to PP-MI-002. Note: Closer to the customer's office").waitFor()
      expect(await widget().getByText("Pickup point changed from PP-MI-001", { exact: false }).count()).toBe(1)
      expect(await widget().textContent()).not.toContain("pushp_")
      await widget().getByText("by admin@medusa-test.com").first().waitFor()

      const next = await shipmentOf(order.id, "ready")
      expect(next).toMatchObject({ pickup_point_code: "PP-MI-002", order_number: `TEST-${order.display_id}-2` })
      await widget().getByText(next.order_reference_code!).first().waitFor()
      const onService = ((await control().get("/orders")).data.orders as (SandboxOrder & { request: { reference: string; codePickupPoint: string } })[]).filter(
        (o) => o.request.reference.startsWith(order.id)
      )
      expect(onService.find((o) => o.orderReferenceCode === shipment.order_reference_code)?.cancelledAt).toBeTruthy()
      const live = onService.filter((o) => !o.cancelledAt)
      expect(live).toHaveLength(1)
      expect(live[0]).toMatchObject({ orderReferenceCode: next.order_reference_code, request: { codePickupPoint: "PP-MI-002" } })

      // In Italian, the country is named in the admin's language.
      await useLanguage(page(), "it")
      await page().reload()
      await page().getByRole("heading", { name: "Consegna al punto di ritiro" }).waitFor()
      await button("Cambia punto di ritiro").click()
      const drawerIt = page().getByRole("dialog")
      await drawerIt.getByText("Sono elencati solo i punti del paese di spedizione dell'ordine (Italia).").waitFor()
      await drawerIt.getByText("Prima i più vicini al punto attuale, entro 50 km. Cerca per guardare più lontano.").waitFor()
      await drawerIt.getByLabel("Cerca nel catalogo").fill("Duomo")
      await drawerIt.getByRole("radio", { name: /^Edicola Duomo \(PP-MI-001\).*A 1,7 km dal punto attuale$/ }).click()
      await screenshot(page(), "change-pickup-point-it", { selector: '[role="dialog"]' })
      await page().keyboard.press("Escape")
      await useLanguage(page(), "en")
    })

    browserTest("tells the admin what to do when the carrier cancels after the label, and Medusa's own fulfillment cancel then passes", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, "ready")
      await fulfillOrder(api, suite.admin, suite.store, order)
      expect((await control().post(`/orders/${shipment.order_reference_code}/tracking`, { statusCode: "ST_0008" })).status).toBe(200)
      await syncTrackingWorkflow(getContainer()).run({ input: {} })
      await openOrder(order.id)

      await widget().getByText("The carrier cancelled this shipment order after its label").waitFor()
      await widget().getByText(/Cancel the fulfillment \("Cancel" in its menu\), then fulfil the items with another shipping option/).waitFor()
      await widget().getByText("Already cancelled by the carrier.").waitFor()
      expect(await button("Cancel shipment order").isDisabled()).toBe(true)
      await screenshot(page(), "order-widget-carrier-cancelled-en", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      expect(await seriousA11yViolations(page(), '[aria-labelledby="pickup-point-widget-heading"]')).toEqual([])

      // Medusa's own menu on the fulfillment's card (the innermost element that holds its heading and the menu).
      const card = page().locator("div", { has: page().getByRole("heading", { name: "Fulfillment #1" }) }).last()
      await card.getByRole("button").last().click()
      await page().getByRole("menuitem", { name: "Cancel" }).click()
      await page().getByRole("alertdialog").getByRole("button", { name: "Continue" }).click()
      await page().getByText("Fulfillment successfully canceled").waitFor()
      // The advice follows: the fulfillment is gone, the items are to be fulfilled another way.
      await widget().getByText(/Its fulfillment is cancelled: fulfil the items with another shipping option/).waitFor()

      await useLanguage(page(), "it")
      await page().reload()
      await widget().getByText("Il corriere ha annullato questo ordine di spedizione dopo l'etichetta").waitFor()
      await screenshot(page(), "order-widget-carrier-cancelled-it", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      await useLanguage(page(), "en")
    })

    browserTest("sends the admin to the credentials while the carrier refuses them, and carries on once they pass", async () => {
      // The key is rotated on the carrier's side: the create is refused with 401, and the shipment waits.
      const { order } = await orderWaitingOnCredentials(control())
      await openOrder(order.id)
      await widget().getByText(/refused the credentials/).first().waitFor()
      await widget().getByText(/Have the merchant code and API key in the plugin's options corrected/).waitFor()
      await screenshot(page(), "order-widget-credentials-en", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      await useLanguage(page(), "it")
      await page().reload()
      await widget().getByText(/il corriere rifiuta le credenziali del negozio/).waitFor()
      await screenshot(page(), "order-widget-credentials-it", { selector: '[aria-labelledby="pickup-point-widget-heading"]' })
      await useLanguage(page(), "en")

      await setDeliveryMerchantKey(control(), PLUGIN_API_KEY)
      await advanceUntilReady(order.id)
      await openOrder(order.id)
      await widget().getByText("Ready for label").first().waitFor()
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
