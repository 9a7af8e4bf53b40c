import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { readFileSync } from "node:fs"
import { PDFDocument } from "pdf-lib"
import { advanceDueShipmentsWorkflow } from "../../src/workflows"
import { fulfillOrder } from "../helpers/fulfill-order"
import { PLUGIN_API_KEY, setDeliveryMerchantKey, useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor } from "../helpers/seed-store"
import { adminSuiteActions, useAdminSuite } from "./helpers/admin-suite"
import { screenshot, seriousA11yViolations, useLanguage } from "./helpers/browser"
import { DUOMO_POINT_WITH_CODES } from "../helpers/catalog-points"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { TRACKING_STAGES } from "../../src/modules/pickup-point/lib/statuses"

jest.setTimeout(150_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

const DUOMO = {
  ...DUOMO_POINT_WITH_CODES,
  network_name: "PUDO Network",
}

const CSV = [
  "code,name,address,city,postcode,country_code,requires_verification_code",
  "PP-RM-001,Bar Pantheon,Piazza della Rotonda 2,Roma,00186,IT,no",
  "PP-MI-001,Edicola Duomo (new sign),Piazza del Duomo 1,Milano,20122,IT,no",
  "PP-TO-001,Libreria Po,Via Po 10,,10124,IT,yes",
].join("\n")

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    const suite = useAdminSuite(getContainer, api, control, [DUOMO])
    const page = () => suite.browser.page
    const { advanceUntilReady, browserTest, checkout, orderWaitingOnCredentials, orderWithoutPhone, shipmentOf } = adminSuiteActions(suite, getContainer, api)

    const labelled = async () => {
      const order = await checkout()
      await shipmentOf(order.id, "ready")
      await fulfillOrder(api, suite.admin, suite.store, order)
      return { order, shipment: await shipmentOf(order.id, "label_generated") }
    }
    const choose = async (field: string, option: string) => {
      await page().getByRole("combobox", { name: field }).click()
      await page().getByRole("option", { name: option, exact: true }).click()
    }

    browserTest("manages the catalog: search, field errors, create, deactivate, CSV import per row, publish per point", async () => {
      await page().goto(`${suite.server.url}/app/orders`)
      await page().getByRole("link", { name: "Pickup points" }).click()
      await page().getByRole("heading", { name: "Pickup points", level: 1 }).waitFor()
      const catalog = page().getByRole("table", { name: "Pickup points" })
      await catalog.getByText("Edicola Duomo").waitFor()

      expect(await seriousA11yViolations(page(), "main")).toEqual([])

      await page().getByRole("button", { name: "Create pickup point" }).click()
      const form = page().getByRole("dialog", { name: "Create pickup point" })
      await form.getByLabel("Code", { exact: true }).fill("PP-MI-009")
      await form.getByLabel("Country code").fill("ITA")
      await form.getByLabel("Latitude (optional)").fill("95")
      await form.getByLabel("Saturday").fill("mornings")
      await form.getByRole("button", { name: "Save" }).click()
      await form.getByText("Required.").first().waitFor()
      expect(await form.getByText("Required.").count()).toBe(4)
      await form.getByText("Two letters, such as IT.").last().waitFor()
      await form.getByText("A number from -90 to 90.").waitFor()
      expect(await form.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true")
      // Escape with changes typed asks first; kept, the form is as it was.
      await form.getByLabel("Saturday").focus()
      await page().keyboard.press("Escape")
      const discard = page().getByRole("alertdialog", { name: "Discard your changes?" })
      await discard.getByRole("button", { name: "Keep editing" }).click()
      await discard.waitFor({ state: "detached" })
      expect(await form.getByLabel("Saturday").inputValue()).toBe("mornings")
      // A day's hours are said wrong under that day.
      await form.getByText("Write each time range as 9-13 or 09:00-13:00, opening before closing, separated by commas; at most 6 a day.").waitFor()
      expect(await form.getByLabel("Saturday").getAttribute("aria-invalid")).toBe("true")
      await screenshot(page(), "pickup-point-form-errors-en", { selector: '[role="dialog"]' })
      expect(await seriousA11yViolations(page(), '[role="dialog"]')).toEqual([])

      await form.getByLabel("Name", { exact: true }).fill("Cartoleria Brera")
      await form.getByLabel("Address", { exact: true }).fill("Via Brera 3")
      await form.getByLabel("Postcode", { exact: true }).fill("20121")
      await form.getByLabel("City", { exact: true }).fill("Milano")
      await form.getByLabel("Country code").fill("IT")
      // Typed with a decimal comma, as the CSV import takes it.
      await form.getByLabel("Latitude (optional)").fill("45,472")
      await form.getByLabel("Longitude (optional)").fill("9.187")
      // Hours as people write them; Monday's copied to the other weekdays.
      const copyMonday = form.getByRole("button", { name: "Copy Monday's hours to Tuesday–Friday" })
      await form.getByLabel("Monday").fill("9 to 13")
      expect(await copyMonday.isDisabled()).toBe(true)
      await form.getByLabel("Monday").fill("9-13, 15:00-19:00")
      await copyMonday.click()
      await form.getByLabel("Saturday").fill("9.00-12.30")
      await form.getByLabel("Sunday").fill("Closed")
      expect(await form.getByLabel("Friday").inputValue()).toBe("9-13, 15:00-19:00")
      // A code another point has: said under the field, in the admin's words.
      await form.getByLabel("Code", { exact: true }).fill("PP-MI-001")
      await form.getByRole("button", { name: "Save" }).click()
      await form.getByText("Another pickup point has the code PP-MI-001 already: choose another code, or edit that point.").waitFor()
      await form.getByLabel("Code", { exact: true }).fill("PP-MI-009")
      await form.getByRole("button", { name: "Save" }).click()
      await page().getByText("Pickup point PP-MI-009 created").waitFor()
      await catalog.getByText("Cartoleria Brera").waitFor()
      const weekday = ["09:00-13:00", "15:00-19:00"]
      expect((await suite.pickupPoints.listPickupPoints({ code: "PP-MI-009" }))[0]).toMatchObject({
        latitude: 45.472,
        longitude: 9.187,
        opening_hours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: ["09:00-12:30"] },
      })

      await page().getByRole("textbox", { name: "Search" }).fill("Brera")
      await waitFor(async () => (await catalog.getByRole("row").count()) === 2)
      // The search is in the URL: a reload (or "Back" from another page) finds the list as it was left.
      expect(new URL(page().url()).searchParams.get("q")).toBe("Brera")
      await page().reload()
      await waitFor(async () => (await catalog.getByRole("row").count()) === 2)
      expect(await page().getByRole("textbox", { name: "Search" }).inputValue()).toBe("Brera")
      // Medusa's sidebar link keeps the list as it was left, box included.
      await page().getByRole("link", { name: "Pickup points" }).click()
      expect(new URL(page().url()).searchParams.get("q")).toBe("Brera")
      expect(await page().getByRole("textbox", { name: "Search" }).inputValue()).toBe("Brera")
      // Chosen for publishing while active, deactivated after: the drawer below sees it as it is now.
      await page().getByRole("checkbox", { name: "Select PP-MI-009" }).click()
      // Deactivating asks first, saying what it does; Cancel sends nothing and leaves the point as it was.
      const saves: string[] = []
      const countSave = (request: { method: () => string; url: () => string }) => {
        if (request.method() === "POST" && request.url().includes("/admin/pickup-points/")) saves.push(request.url())
      }
      page().on("request", countSave)
      await page().getByRole("button", { name: "Deactivate PP-MI-009" }).click()
      const confirm = page().getByRole("alertdialog", { name: "Deactivate PP-MI-009?" })
      await confirm.getByText("Shoppers will no longer be able to choose", { exact: false }).waitFor()
      await confirm.getByRole("button", { name: "Cancel" }).click()
      await confirm.waitFor({ state: "detached" })
      expect(saves).toEqual([])
      page().off("request", countSave)
      expect((await suite.pickupPoints.listPickupPoints({ code: "PP-MI-009" }))[0].is_active).toBe(true)
      await page().getByRole("button", { name: "Deactivate PP-MI-009" }).click()
      await confirm.getByRole("button", { name: "Deactivate" }).click()
      await page().getByText("PP-MI-009 is inactive: shoppers can no longer choose it").waitFor()
      await page().getByRole("button", { name: "Activate PP-MI-009" }).waitFor()
      expect((await suite.pickupPoints.listPickupPoints({ code: "PP-MI-009" }))[0].is_active).toBe(false)
      await page().getByRole("textbox", { name: "Search" }).fill("")

      await page().getByRole("button", { name: "Import CSV" }).click()
      const importer = page().getByRole("dialog", { name: "Import pickup points" })
      // Excel's plain "CSV" (Windows-1252: ì is one byte) is refused as a whole, saying how to save it.
      const windows1252 = Buffer.concat([Buffer.from("code,name,address,city,postcode,country_code\nPP-FO-001,Edicola,Via Po 3,Forl"), Buffer.from([0xec]), Buffer.from(",47121,IT\n")])
      await importer.getByLabel("CSV file").setInputFiles({ name: "points-excel.csv", mimeType: "text/csv", buffer: windows1252 })
      await importer.getByRole("button", { name: "Import" }).click()
      await importer.getByRole("alert").filter({ hasText: 'The file was not imported: The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (comma delimited)" and import it again.' }).waitFor()
      expect(await suite.pickupPoints.listPickupPoints({ code: "PP-FO-001" })).toHaveLength(0)
      // A file larger than the server reads is refused before it is sent, saying how to split it
      // (sent, the server would answer a bare "request entity too large").
      const national = Buffer.from(`code,name,address,city,postcode,country_code\n${"PP-XX-000,Edicola,Via Po 3,Torino,10121,IT\n".repeat(620_000)}`)
      await importer.getByLabel("CSV file").setInputFiles({ name: "points-national.csv", mimeType: "text/csv", buffer: national })
      await importer.getByRole("button", { name: "Import" }).click()
      await importer.getByRole("alert").filter({ hasText: "The file takes 26.1 MB to send, and an import takes at most 25 MB. Split it into smaller files" }).waitFor()
      // Closed and opened again, the drawer starts clean: no refusal of the earlier file.
      await page().keyboard.press("Escape")
      await importer.waitFor({ state: "detached" })
      await page().getByRole("button", { name: "Import CSV" }).click()
      await importer.getByLabel("CSV file").waitFor()
      expect(await importer.getByRole("alert").count()).toBe(0)
      await importer.getByLabel("CSV file").setInputFiles({ name: "points.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) })
      await importer.getByRole("button", { name: "Import" }).click()
      const rows = importer.getByRole("table", { name: "Created 1, updated 1, rejected 1" })
      await rows.waitFor()
      // Not a plain success while a row was rejected.
      await page().getByText("Fix the rejected rows listed in the drawer and import the file again.").waitFor()
      await rows.getByRole("row", { name: /PP-RM-001 Created/ }).waitFor()
      await rows.getByRole("row", { name: /PP-MI-001 Updated/ }).waitFor()
      await rows.getByRole("row", { name: /PP-TO-001 Rejected .*city/i }).waitFor()
      await screenshot(page(), "pickup-point-import-en", { selector: '[role="dialog"]' })
      await page().keyboard.press("Escape")

      await catalog.getByText("Bar Pantheon").waitFor()
      await page().getByRole("checkbox", { name: "Select PP-MI-001" }).click()
      await page().getByRole("checkbox", { name: "Select PP-RM-001" }).click()
      await page().getByRole("button", { name: "Publish as shipping options (3)" }).click()
      // The inactive point, which the route would refuse with the others, is left out and said so.
      const publisher = page().getByRole("dialog", { name: "Publish 2 points as shipping options" })
      await publisher.getByText("Inactive points are left out (1): activate them to publish them.").waitFor()
      await publisher.getByRole("row", { name: /PP-MI-009 .*Inactive: activate it to publish it\./ }).waitFor()
      // The store's only service zone and only shipping profile are taken: there is nothing to choose.
      expect(await publisher.getByRole("combobox", { name: "Service zone" }).textContent()).toBe("Milano · Milano shipping · Italy")
      expect(await publisher.getByRole("combobox", { name: "Shipping profile" }).textContent()).toBe("Default")
      await publisher.getByRole("button", { name: "Publish" }).click()
      // Each refused field names its error to assistive technology.
      await publisher.getByText("A price of 0 or more, such as 4.90 or 4,90.").waitFor()
      const amountError = await publisher.getByLabel("Price").getAttribute("aria-describedby")
      expect(await publisher.locator(`[id="${amountError}"]`).textContent()).toBe("A price of 0 or more, such as 4.90 or 4,90.")
      expect(await publisher.getByText("Required.").count()).toBe(0)
      await publisher.getByLabel("Price").fill("3.9")
      await publisher.getByRole("button", { name: "Publish" }).click()
      const results = publisher.getByRole("table", { name: "Result per point" })
      await results.getByRole("row", { name: /PP-MI-001 .*Published/ }).waitFor()
      await results.getByRole("row", { name: /PP-RM-001 .*Published/ }).waitFor()
      await results.getByRole("row", { name: /PP-MI-009 .*Not published/ }).waitFor()
      await screenshot(page(), "pickup-point-publish-en", { selector: '[role="dialog"]' })
      await page().keyboard.press("Escape")
      // The list says where each point is sold now.
      await catalog.getByRole("row", { name: /PP-MI-001 .*In 1 shipping option/ }).waitFor()
      await catalog.getByRole("row", { name: /PP-MI-009 .*Inactive —/ }).waitFor()
      await screenshot(page(), "pickup-points-en")

      await useLanguage(page(), "it")
      await page().reload()
      await page().getByRole("heading", { name: "Punti di ritiro", level: 1 }).waitFor()
      await page().locator("ol > li", { hasText: "Punti di ritiro" }).waitFor()
      await page().getByRole("row", { name: /PP-MI-001 .*In 1 opzione di spedizione/ }).waitFor()
      await screenshot(page(), "pickup-points-it")
      // A published point's deactivation also says its shipping option leaves checkout; kept as it is here.
      await page().getByRole("button", { name: "Disattiva PP-MI-001" }).click()
      const confirmIt = page().getByRole("alertdialog", { name: "Disattivare PP-MI-001?" })
      await confirmIt.getByText("L'opzione di spedizione di questo punto non sarà più proposta al checkout.", { exact: false }).waitFor()
      await screenshot(page(), "pickup-point-deactivate-it", { selector: '[role="alertdialog"]' })
      await confirmIt.getByRole("button", { name: "Annulla" }).click()
      await confirmIt.waitFor({ state: "detached" })
      // A refused row is said in the admin's language, column by column.
      await page().getByRole("button", { name: "Importa CSV" }).click()
      const importerIt = page().getByRole("dialog", { name: "Importa punti di ritiro" })
      await importerIt.getByLabel("File CSV").setInputFiles({ name: "points.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) })
      await importerIt.getByRole("button", { name: "Importa" }).click()
      await importerIt.getByRole("row", { name: "4 PP-TO-001 Rifiutato city: Obbligatorio." }).waitFor()
      await screenshot(page(), "pickup-point-import-it", { selector: '[role="dialog"]' })
      await page().keyboard.press("Escape")
      await useLanguage(page(), "en")
    })

    browserTest("lists shipments with filters, prints the selected labels as one PDF, and reports bulk actions per shipment", async () => {
      // Codes are sent in bulk only to points that hand parcels over against one (the database is restored after the test).
      const [duomo] = await suite.pickupPoints.listPickupPoints({ code: DUOMO.code })
      await suite.pickupPoints.updatePickupPoints({ id: duomo.id, requires_verification_code: true })
      const first = await labelled()
      const second = await labelled()
      const failed = await orderWithoutPhone()
      await shipmentOf(failed.id, "failed")

      await page().goto(`${suite.server.url}/app/orders`)
      await page().getByRole("link", { name: "Pickup-point shipments" }).click()
      await page().getByRole("heading", { name: "Pickup-point shipments", level: 1 }).waitFor()
      // The dashboard's top bar names the page, as it does Medusa's own.
      await page().locator("ol > li", { hasText: "Pickup-point shipments" }).waitFor()
      const list = page().getByRole("table", { name: "Pickup-point shipments" })
      await waitFor(async () => (await list.getByRole("row").count()) === 4)

      await page().getByRole("switch", { name: "Needs attention only" }).click()
      await waitFor(async () => (await list.getByRole("row").count()) === 2)
      await list.getByRole("row", { name: new RegExp(`TEST-${failed.display_id} .*This shipment needs you`) }).waitFor()
      await page().getByRole("switch", { name: "Needs attention only" }).click()

      // Found by its order number as Medusa shows it; the search is kept in the URL with the filters.
      // (The attention filter's two rows are gone first: they would pass for the search's.)
      await waitFor(async () => (await list.getByRole("row").count()) === 4)
      const search = page().getByRole("textbox", { name: "Search" })
      await search.fill(`#TEST-${failed.display_id}`)
      await waitFor(async () => new URL(page().url()).searchParams.get("q") === `#TEST-${failed.display_id}`)
      await waitFor(async () => (await list.getByRole("row").count()) === 2)
      await list.getByRole("row", { name: new RegExp(`TEST-${failed.display_id} `) }).waitFor()
      // In Italian, after a reload: the search kept from the URL, the box and its longer placeholder.
      await useLanguage(page(), "it")
      await page().reload()
      expect(await page().getByRole("textbox", { name: "Cerca" }).inputValue()).toBe(`#TEST-${failed.display_id}`)
      const listIt = page().getByRole("table", { name: "Spedizioni ai punti di ritiro" })
      await waitFor(async () => (await listIt.getByRole("row").count()) === 2)
      await screenshot(page(), "shipments-search-it")
      await useLanguage(page(), "en")
      await page().reload()
      await search.fill("")
      await waitFor(async () => (await list.getByRole("row").count()) === 4)

      await choose("Status", "Label generated")
      await waitFor(async () => (await list.getByRole("row").count()) === 3)
      // The filters are in the URL: "Back" from an order's page finds the list as it was left.
      expect(new URL(page().url()).searchParams.get("status")).toBe("label_generated")
      await list.getByRole("link", { name: `TEST-${first.order.display_id}` }).click()
      await page().waitForURL(/\/app\/orders\/order_/)
      await page().goBack()
      await waitFor(async () => (await list.getByRole("row").count()) === 3)
      expect(await page().getByRole("combobox", { name: "Status" }).textContent()).toBe("Label generated")
      await page().getByRole("checkbox", { name: `Select TEST-${first.order.display_id}` }).click()
      await page().getByRole("checkbox", { name: `Select TEST-${second.order.display_id}` }).click()
      const download = page().waitForEvent("download")
      await page().getByRole("button", { name: "Print labels (2)" }).click()
      const pdf = await PDFDocument.load(readFileSync(await (await download).path()))
      expect(pdf.getPageCount()).toBe(2)
      const printed = page().getByRole("table", { name: "Printed labels" })
      await printed.getByRole("row", { name: new RegExp(`TEST-${first.order.display_id} Done In the PDF \\(label 1\\)`) }).waitFor()
      await printed.getByRole("row", { name: new RegExp(`TEST-${second.order.display_id} Done In the PDF \\(label 2\\)`) }).waitFor()

      await page().getByRole("button", { name: "Send codes (2)" }).click()
      const sent = page().getByRole("table", { name: "Verification codes sent" })
      await sent.getByRole("row", { name: new RegExp(`TEST-${first.order.display_id} Done Verification code sent to m\\*\\*\\*@example.com`) }).waitFor()
      expect((await control().get("/emails")).data.emails).toHaveLength(2)
      // Again at once: the server's 429 is said in the admin's words, and nothing more is sent.
      await page().getByRole("button", { name: "Send codes (2)" }).click()
      await sent
        .getByRole("row", { name: new RegExp(`TEST-${first.order.display_id} Refused Not sent: the code was sent moments ago, or as many times in the last 24 hours as allowed`) })
        .waitFor()
      expect((await control().get("/emails")).data.emails).toHaveLength(2)

      await choose("Status", "All")
      await page().getByRole("checkbox", { name: `Select TEST-${failed.display_id}` }).click()
      await page().getByRole("button", { name: "Retry (3)" }).click()
      const retried = page().getByRole("table", { name: "Retried shipments" })
      await retried.getByRole("row", { name: new RegExp(`TEST-${failed.display_id} Refused .*no phone number`) }).waitFor()
      await retried.getByRole("row", { name: new RegExp(`TEST-${first.order.display_id} Refused Only a failed shipment can be retried`) }).waitFor()
      const withoutLabel = page().waitForEvent("download")
      await page().getByRole("button", { name: "Print labels (3)" }).click()
      expect((await PDFDocument.load(readFileSync(await (await withoutLabel).path()))).getPageCount()).toBe(2)
      await printed.getByRole("row", { name: new RegExp(`TEST-${failed.display_id} Refused No label yet: the shipment order failed. "Retry shipment" first`) }).waitFor()
      await screenshot(page(), "shipments-en")
      expect(await seriousA11yViolations(page(), "main")).toEqual([])

      // Printing only shipments without a label asks the server for nothing: each row says why.
      await page().getByRole("checkbox", { name: `Select TEST-${first.order.display_id}` }).click()
      await page().getByRole("checkbox", { name: `Select TEST-${second.order.display_id}` }).click()
      let downloads = 0
      page().on("download", () => (downloads += 1))
      await page().getByRole("button", { name: "Print labels (1)" }).click()
      await waitFor(async () => (await printed.getByRole("row").count()) === 2)
      await printed.getByRole("row", { name: new RegExp(`TEST-${failed.display_id} Refused No label yet: the shipment order failed. "Retry shipment" first`) }).waitFor()
      await page().getByText("1 of 1 shipments was refused: see the results").waitFor()
      expect(downloads).toBe(0)

      // The selection spans filters and pages; it can be cleared at once. From the keyboard: the bulk actions' toasts
      // stack over the button, and sonner keeps them, timers paused, for as long as it takes the stack for hovered
      // (on a busy CI machine, more than a minute after the pointer had left).
      await page().getByRole("button", { name: "Clear selection" }).focus()
      await page().keyboard.press("Enter")
      await page().getByRole("button", { name: "Print labels (0)" }).waitFor()
      expect(await page().getByRole("checkbox", { name: `Select TEST-${failed.display_id}` }).isChecked()).toBe(false)

      // The page's own checkbox: every row of the page, "mixed" once one is let go, then every row again, then none.
      const wholePage = page().getByRole("checkbox", { name: "Select every row of this page" })
      await wholePage.click()
      await page().getByRole("button", { name: "Print labels (3)" }).waitFor()
      await page().getByRole("checkbox", { name: `Select TEST-${failed.display_id}` }).click()
      await page().getByRole("button", { name: "Print labels (2)" }).waitFor()
      expect(await wholePage.getAttribute("aria-checked")).toBe("mixed")
      await wholePage.click()
      await page().getByRole("button", { name: "Print labels (3)" }).waitFor()
      await wholePage.click()
      await page().getByRole("button", { name: "Print labels (0)" }).waitFor()
    })

    browserTest("judges the chosen shipments as they are now: labelled since, voided by the carrier, or gone from the list", async () => {
      const order = await checkout()
      await shipmentOf(order.id, "ready")
      const voided = await labelled()
      const replaced = await labelled()

      await page().goto(`${suite.server.url}/app/pickup-point-shipments?status=label_generated`)
      const list = page().getByRole("table", { name: "Pickup-point shipments" })
      for (const other of [voided, replaced]) await page().getByRole("checkbox", { name: `Select TEST-${other.order.display_id}` }).click()
      await choose("Status", "Ready for label")
      await page().getByRole("checkbox", { name: `Select TEST-${order.display_id}` }).click()
      await choose("Status", "Failed")
      await waitFor(async () => (await list.getByRole("row", { name: new RegExp(`TEST-${order.display_id}`) }).count()) === 0)
      // Behind the list's back: one labelled (its chosen copy says "Ready for label", without a label), one cancelled by
      // the carrier after its label, one archived as a change of pickup point archives it.
      await fulfillOrder(api, suite.admin, suite.store, order)
      await shipmentOf(order.id, "label_generated")
      const pickupPoints = getContainer().resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
      await pickupPoints.updatePickupPointShipments({ id: voided.shipment.id, tracking_status_code: "ST_0008", tracking_stage: TRACKING_STAGES.cancelled })
      await pickupPoints.softDeletePickupPointShipments([replaced.shipment.id])

      const download = page().waitForEvent("download")
      await page().getByRole("button", { name: "Print labels (3)" }).click()
      expect((await PDFDocument.load(readFileSync(await (await download).path()))).getPageCount()).toBe(1)
      const printed = page().getByRole("table", { name: "Printed labels" })
      await printed.getByRole("row", { name: new RegExp(`TEST-${order.display_id} Done In the PDF \\(label 1\\)`) }).waitFor()
      await printed
        .getByRole("row", { name: new RegExp(`TEST-${voided.order.display_id} Refused Not printed: the carrier cancelled .*The order's page says what to do next`) })
        .waitFor()
      await printed.getByRole("row", { name: new RegExp(`TEST-${replaced.order.display_id} Refused No longer in the list .*reload the page`) }).waitFor()
    })

    browserTest("shows health: credentials, tracking sync, the webhook to configure and its deliveries", async () => {
      const { shipment } = await labelled()
      const hook = await api.post(
        "/hooks/pickup-point",
        { trackingNumber: shipment.tracking_number, statusCode: "ST_0004", statusDescription: "In transit", orderReferencecode: shipment.order_reference_code },
        { headers: { "x-api-key": "sandbox-delivery-key" } }
      )
      expect(hook.status).toBe(200)

      await page().goto(`${suite.server.url}/app/settings/pickup-point-health`)
      await page().getByRole("heading", { name: "Pickup-point health", level: 1 }).waitFor()
      await page().locator("ol > li", { hasText: "Pickup-point health" }).waitFor()
      await page().getByText("Accepted by the service").waitFor()
      // The check's own call is listed with it, and again with each check, without a reload.
      const probes = page().getByRole("table", { name: "Recent calls to the service" }).getByRole("row", { name: /^.* getIdentifier 404 \d+ ms not found 1$/ })
      await probes.first().waitFor()
      const before = await probes.count()
      await page().getByRole("button", { name: "Check credentials again" }).click()
      await waitFor(async () => (await probes.count()) === before + 1)
      await page().getByText("Closed: syncing normally").waitFor()
      await page().getByText(`${suite.server.url}/hooks/pickup-point`).waitFor()
      await page().getByText("the merchant's API key (plugin option apiKey)").waitFor()
      const deliveries = page().getByRole("table", { name: "Recent deliveries" })
      await deliveries.getByRole("row", { name: new RegExp(`applied ST_0004 ${shipment.order_reference_code} Moved to: Shipped`) }).waitFor()
      await screenshot(page(), "health-en", { selector: "#pickup-point-health" })
      expect(await seriousA11yViolations(page(), "#pickup-point-health")).toEqual([])

      await useLanguage(page(), "it")
      await page().reload()
      await page().getByText("Accettate dal servizio").waitFor()
      // The delivery's result, stored in English, in Italian with its stage.
      await page().getByRole("table", { name: "Consegne recenti" }).getByRole("row", { name: new RegExp(`applicata ST_0004 ${shipment.order_reference_code} Passata a: Spedita`) }).waitFor()
      await screenshot(page(), "health-it", { selector: "#pickup-point-health" })
      await useLanguage(page(), "en")
    })

    browserTest("says, once the credentials pass again, how many shipment orders that waited on them are created now", async () => {
      // The key is rotated on the carrier's side: the create is refused, and the shipment waits.
      const { order, shipment: waiting } = await orderWaitingOnCredentials(control())
      await page().goto(`${suite.server.url}/app/settings/pickup-point-health`)
      await page().getByText("Refused: check the merchant code, API key and header names").waitFor()

      // The key is set right; the tries so far reached a long backoff, which the passing check cuts short.
      await setDeliveryMerchantKey(control(), PLUGIN_API_KEY)
      const longWait = () => suite.pickupPoints.updatePickupPointShipments({ id: waiting.id, next_attempt_at: new Date(Date.now() + 3_600_000) })
      await longWait()
      await page().getByRole("button", { name: "Check credentials again" }).click()
      await page().getByText("1 shipment order that waited on the credentials is created by the next run of the retry job.").waitFor()
      await screenshot(page(), "health-credentials-due-en", { selector: '[aria-labelledby="pickup-point-health-credentials"]' })
      expect((await suite.pickupPoints.retrievePickupPointShipment(waiting.id)).next_attempt_at).toBeNull()

      await longWait()
      await useLanguage(page(), "it")
      await page().reload()
      await page().getByText("1 ordine di spedizione in attesa delle credenziali viene creato alla prossima esecuzione del job di ritentativo.").waitFor()
      await screenshot(page(), "health-credentials-due-it", { selector: '[aria-labelledby="pickup-point-health-credentials"]' })
      await useLanguage(page(), "en")

      await advanceUntilReady(order.id)
    })

    browserTest("reprocesses a delivery that found no shipment once it is known, lists the calls to the service, and runs the one-step setup", async () => {
      // The create's answer is lost: the order is on the service, the store does not know its reference code yet.
      await control().post("/faults", { operation: "create", kind: "commit_then_drop", times: 1 })
      const order = await checkout()
      const uncertain = await waitFor(async () => {
        const [shipment] = await suite.pickupPoints.listPickupPointShipments({ order_id: order.id, status: "unknown" })
        return shipment?.last_error ? shipment : null
      })
      const orders = (await control().get("/orders")).data.orders as { orderReferenceCode: string; request: { orderNumber: string } }[]
      const ref = orders.find((o) => o.request.orderNumber === uncertain.order_number)!.orderReferenceCode
      const hook = await api.post(
        "/hooks/pickup-point",
        { statusCode: "ST_0001", statusDescription: "Registered", orderReferencecode: ref },
        { headers: { "x-api-key": "sandbox-delivery-key" } }
      )
      expect(hook.status).toBe(202)
      await page().goto(`${suite.server.url}/app/settings/pickup-point-health`)
      await page().getByRole("heading", { name: "Pickup-point health", level: 1 }).waitFor()
      const deliveries = page().getByRole("table", { name: "Recent deliveries" })
      await deliveries.getByRole("row", { name: new RegExp(`unknown order ST_0001 ${ref} No shipment has this order reference code`) }).waitFor()
      // Reprocessed while the store still does not know the order: said as not applied, and it stays to reprocess.
      await deliveries.getByRole("button", { name: new RegExp(`^Reprocess the delivery for ${ref} received`) }).click()
      await page().getByText("Still not applied: unknown order").waitFor()
      await deliveries.getByRole("button", { name: new RegExp(`^Reprocess the delivery for ${ref} received`) }).waitFor()
      // The retry job finds the order on the service: now the store knows the reference code.
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      await shipmentOf(order.id, "ready")
      await deliveries.getByRole("button", { name: new RegExp(`^Reprocess the delivery for ${ref} received`) }).click()
      await page().getByText("Reprocessed: applied").waitFor()
      await page().getByText("Moved to: Registered").first().waitFor()
      await deliveries.getByRole("row", { name: new RegExp(`applied ST_0001 ${ref} Moved to: Registered`) }).waitFor()
      expect(await deliveries.getByRole("button", { name: /^Reprocess/ }).count()).toBe(0)
      expect(await suite.pickupPoints.retrievePickupPointShipment(uncertain.id)).toMatchObject({ tracking_stage: 10, tracking_status_code: "ST_0001" })
      // The order page's widget shows the stage the delivery moved the shipment to.
      await page().goto(`${suite.server.url}/app/orders/${order.id}`)
      const widget = page().getByRole("region", { name: "Pickup point delivery" })
      await widget.getByText("Registered", { exact: true }).first().waitFor()
      // Its history lists the delivery with its result worded as on the Health page.
      await widget.getByText("Moved to: Registered").waitFor()
      await page().goto(`${suite.server.url}/app/settings/pickup-point-health`)

      // The calls the shop made for this order, newest first, with nothing of their content.
      const calls = page().getByRole("table", { name: "Recent calls to the service" })
      await calls.getByRole("row", { name: /getIdentifier 200 \d+ ms ok 1/ }).waitFor()
      await calls.getByRole("row", { name: /create — \d+ ms (timeout|network error) 1/ }).waitFor()
      expect(await calls.textContent()).not.toContain(ref)

      const location = await api.post(
        "/admin/stock-locations",
        { name: "Magazzino Torino", address: { address_1: "Via Po 10", city: "Torino", postal_code: "10124", country_code: "it" } },
        suite.admin
      )
      await page().reload()
      const setup = page().getByRole("region", { name: "One-step setup" })
      await setup.getByRole("button", { name: "Set up pickup-point delivery" }).click()
      await setup.getByText("Choose a stock location.").waitFor()
      await choose("Stock location", "Magazzino Torino")
      await setup.getByLabel("Price").fill("4.9")
      await setup.getByRole("button", { name: "Set up pickup-point delivery" }).click()
      await page().getByText("Pickup-point delivery is set up for Magazzino Torino").waitFor()
      await setup.getByRole("status").getByText(/^Created: .*service zone.*shipping option/).waitFor()
      const {
        data: { stock_location },
      } = await api.get(`/admin/stock-locations/${location.data.stock_location.id}?fields=*fulfillment_sets,*fulfillment_sets.service_zones`, suite.admin)
      expect(stock_location.fulfillment_sets[0].service_zones).toHaveLength(1)
      await setup.getByRole("button", { name: "Set up pickup-point delivery" }).click()
      await setup.getByRole("status").getByText("Everything was already set up; nothing was created.").waitFor()
      expect(await setup.getByText("The price was not changed", { exact: false }).count()).toBe(0)
      // Another price for the option that exists: the admin is told it was kept, and what it is.
      await setup.getByLabel("Price").fill("3,50")
      await setup.getByRole("button", { name: "Set up pickup-point delivery" }).click()
      await setup.getByText("The price was not changed: the pickup-point option existed already", { exact: false }).waitFor()
      expect(await setup.getByRole("status").textContent()).toContain("It costs €4.90;")
      await screenshot(page(), "health-en", { selector: "#pickup-point-health" })
      expect(await seriousA11yViolations(page(), "#pickup-point-health")).toEqual([])
    })
  },
})
