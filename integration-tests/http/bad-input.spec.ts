import { capturedLog } from "../helpers/capture-log"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import PDFKit from "pdfkit"
import { PDFDocument } from "pdf-lib"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { AxiosRequestConfig } from "axios"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { pruneExpiredRecordsWorkflow } from "../../src/workflows"
import { TRACKING_STAGES } from "../../src/modules/pickup-point/lib/statuses"
import { changedRows, drawBadRequests, rowFingerprints, sendBadRequests, type FuzzTargets } from "../helpers/bad-requests"
import { errorResponse } from "../helpers/error-response"
import { fulfillOrder } from "../helpers/fulfill-order"
import { DUOMO_POINT } from "../helpers/catalog-points"
import { freshStore } from "../helpers/fresh-store"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart } from "../helpers/store-checkout"

jest.setTimeout(240_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

const POINT = DUOMO_POINT
const API_KEY = "sandbox-delivery-key"

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService
    /** Verification codes the sandbox e-mailed during the run, for the log check at the end. */
    const codesSent: string[] = []

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, control(), POINT))
    })

    // At rest in that status: the creation that wrote it has also released its lease (else an admin action meanwhile is a 409).
    const shipmentOf = (orderId: string, status?: string) =>
      waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
        return shipment && (!status || (shipment.status === status && !shipment.lease_owner)) ? shipment : null
      })
    /** Requests without a session or key, whatever they answer. */
    const anonymous = {
      get: (url: string, config: AxiosRequestConfig = {}) => api.get(url, { ...config, validateStatus: () => true }),
      post: (url: string, body: unknown, config: AxiosRequestConfig = {}) => api.post(url, body, { ...config, validateStatus: () => true }),
    }

    const staticDir = path.join(process.cwd(), "static")
    const staticFiles = () => (existsSync(staticDir) ? readdirSync(staticDir) : [])

    it("keeps labels private: no stored URL serves one without a session, the admin routes do", async () => {
      const staticBefore = new Set(staticFiles())
      const orders = [await checkoutThroughStoreApi(api, store), await checkoutThroughStoreApi(api, store)]
      const shipments = []
      for (const order of orders) {
        await shipmentOf(order.id, "ready")
        await fulfillOrder(api, admin, store, order)
        shipments.push(await shipmentOf(order.id, "label_generated"))
      }
      const fulfillments = await getContainer()
        .resolve(Modules.FULFILLMENT)
        .listFulfillments({ id: shipments.map((s) => s.fulfillment_id!) }, { relations: ["labels"] })
      const storedUrls = [...shipments.map((s) => s.label_url!), ...fulfillments.flatMap((f) => f.labels.map((l) => l.label_url))]
      expect(storedUrls.length).toBeGreaterThanOrEqual(4)
      for (const url of storedUrls) {
        const response = await anonymous.get(url, { responseType: "arraybuffer" })
        expect(response.status).toBe(401)
        expect(Buffer.from(response.data).subarray(0, 4).toString()).not.toBe("%PDF")
      }
      // Nothing of a label was written where Medusa's local file provider serves files from.
      expect(staticFiles().filter((name) => !staticBefore.has(name))).toEqual([])
      for (const shipment of shipments) {
        expect(shipment.label_file_id).toMatch(/^pulbl_/)
        const byGuess = await anonymous.get(`/static/private-${Date.now()}-pickup-point-label-${shipment.order_number}.pdf`)
        expect(byGuess.status).toBe(404)
      }

      const pdf = await api.get(shipments[0].label_url!, { ...admin, responseType: "arraybuffer" })
      expect(pdf.headers["content-type"]).toBe("application/pdf")
      // A customer's name and address: kept by no cache, the browser's included.
      expect(pdf.headers["cache-control"]).toBe("private, no-store")
      expect(Buffer.from(pdf.data).subarray(0, 4).toString()).toBe("%PDF")
      const bulk = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(bulk.data).subarray(0, 4).toString()).toBe("%PDF")
      // Only the shipments left out are named (none here): the PDF holds the others, one label page each.
      const leftOut = (response: { headers: Record<string, unknown> }) =>
        ["skipped", "unreadable", "encrypted"].map((kind) => `${kind}: ${response.headers[`x-pickup-point-${kind}`]}`)
      expect(leftOut(bulk)).toEqual(["skipped: ", "unreadable: ", "encrypted: "])
      expect(bulk.headers["x-pickup-point-printed"]).toBeUndefined()
      expect(bulk.headers["x-pickup-point-count"]).toBe(String(shipments.length))
      expect((await PDFDocument.load(bulk.data)).getPageCount()).toBe(shipments.length)
      expect(bulk.headers["cache-control"]).toBe("private, no-store")
      // An admin served from another origin must be able to read which shipments were left out of the file.
      expect(bulk.headers["access-control-expose-headers"]).toContain("X-Pickup-Point-Count, X-Pickup-Point-Skipped, X-Pickup-Point-Unreadable, X-Pickup-Point-Encrypted")

      // A damaged stored label is got again from the carrier, kept in its place, and printed.
      const damage = (labelId: string) => pickupPoints.updatePickupPointLabels({ id: labelId, content_base64: Buffer.from("not a PDF").toString("base64") })
      await damage(shipments[1].label_file_id!)
      const restored = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(leftOut(restored)).toEqual(["skipped: ", "unreadable: ", "encrypted: "])
      expect((await PDFDocument.load(restored.data)).getPageCount()).toBe(shipments.length)
      const kept = await pickupPoints.retrievePickupPointShipment(shipments[1].id)
      expect(kept.label_file_id).not.toBe(shipments[1].label_file_id)
      expect((await pickupPoints.retrieveLabelPdf(kept.label_file_id!))!.subarray(0, 4).toString()).toBe("%PDF")
      // So is a copy whose page objects are gone (its page tree names one that is not in the file): pdf-lib
      // opens it, and finds no page to print.
      const whole = (await pickupPoints.retrieveLabelPdf(kept.label_file_id!))!
      const withoutPages = Buffer.from(
        whole.toString("latin1").replace(/\/Kids \[[^\]]*\]/, (kids) => "/Kids [999 0 R]".padEnd(kids.length, " ")),
        "latin1"
      )
      const opened = await PDFDocument.load(withoutPages, { ignoreEncryption: true })
      expect(opened.getPageCount()).toBe(0)
      await pickupPoints.updatePickupPointLabels({ id: kept.label_file_id!, content_base64: withoutPages.toString("base64") })
      const fromPageless = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(leftOut(fromPageless)).toEqual(["skipped: ", "unreadable: ", "encrypted: "])
      expect((await PDFDocument.load(fromPageless.data)).getPageCount()).toBe(shipments.length)
      const keptAgain = (await pickupPoints.retrievePickupPointShipment(shipments[1].id)).label_file_id!
      expect(keptAgain).not.toBe(kept.label_file_id)
      kept.label_file_id = keptAgain

      // A label the carrier encrypted (an owner password) is not damaged: it is named, printed by the others'
      // side, and the carrier is not asked for it again.
      // So is one whose page tree sits in encrypted object streams (PDF 1.5+, as qpdf writes it), which pdf-lib
      // opens but whose pages it cannot read.
      const intact = (await pickupPoints.retrieveLabelPdf(kept.label_file_id!))!
      const downloadsBefore = (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "downloadLabel").length
      for (const encryptedLabel of [await encryptedPdf(), readFileSync(ENCRYPTED_OBJECT_STREAMS_LABEL)]) {
        await pickupPoints.updatePickupPointLabels({ id: kept.label_file_id!, content_base64: encryptedLabel.toString("base64") })
        const encrypted = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
        expect(leftOut(encrypted)).toEqual(["skipped: ", "unreadable: ", `encrypted: ${shipments[1].id}`])
        expect((await PDFDocument.load(encrypted.data)).getPageCount()).toBe(shipments.length - 1)
        expect((await pickupPoints.retrievePickupPointShipment(shipments[1].id)).label_file_id).toBe(kept.label_file_id)
        const encryptedOnly = await api.post("/admin/pickup-point/labels", { shipment_ids: [shipments[1].id] }, admin).catch(errorResponse)
        expect(encryptedOnly.status).toBe(400)
        expect(encryptedOnly.data.message).toContain("print each from its order's page")
        // Alone, it is served as it came.
        const alone = await api.get(`/admin/pickup-point/shipments/${shipments[1].id}/label`, { ...admin, responseType: "arraybuffer" })
        expect(Buffer.from(alone.data).equals(encryptedLabel)).toBe(true)
      }
      expect((await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "downloadLabel")).toHaveLength(downloadsBefore)
      await pickupPoints.updatePickupPointLabels({ id: kept.label_file_id!, content_base64: intact.toString("base64") })

      // One the carrier will not give again leaves the others printed, and is named so the admin can say why.
      await damage(kept.label_file_id!)
      await control().post("/faults", { operation: "downloadLabel", kind: "reject", times: 10 })
      const partial = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(partial.data).subarray(0, 4).toString()).toBe("%PDF")
      expect(leftOut(partial)).toEqual(["skipped: ", `unreadable: ${shipments[1].id}`, "encrypted: "])
      expect(partial.headers["x-pickup-point-count"]).toBe(String(shipments.length - 1))
      expect((await PDFDocument.load(partial.data)).getPageCount()).toBe(shipments.length - 1)
      const none = await api.post("/admin/pickup-point/labels", { shipment_ids: [shipments[1].id] }, admin).catch(errorResponse)
      expect(none.status).toBe(400)
      expect(none.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining("could be read") })
      await control().delete("/faults")

      // A damaged stored label is got again when an admin downloads it alone, too.
      await damage(shipments[0].label_file_id!)
      const repaired = await api.get(`/admin/pickup-point/shipments/${shipments[0].id}/label`, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(repaired.data).subarray(0, 5).toString()).toBe("%PDF-")
      const repairedId = (await pickupPoints.retrievePickupPointShipment(shipments[0].id)).label_file_id!
      expect(repairedId).not.toBe(shipments[0].label_file_id)
      shipments[0] = { ...shipments[0], label_file_id: repairedId }

      // A stored label lost altogether is got again when an admin downloads it.
      await pickupPoints.deletePickupPointLabels(shipments[0].label_file_id!)
      const again = await api.get(`/admin/pickup-point/shipments/${shipments[0].id}/label`, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(again.data).subarray(0, 5).toString()).toBe("%PDF-")
      expect((await pickupPoints.retrievePickupPointShipment(shipments[0].id)).label_file_id).not.toBe(shipments[0].label_file_id)

      // A shipment order the carrier cancelled after its label: its label is not printed with the others, and named.
      await pickupPoints.updatePickupPointShipments({ id: shipments[1].id, tracking_status_code: "ST_0008", tracking_stage: TRACKING_STAGES.cancelled })
      const withCancelled = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(leftOut(withCancelled)).toEqual([`skipped: ${shipments[1].id}`, "unreadable: ", "encrypted: "])
      expect((await PDFDocument.load(withCancelled.data)).getPageCount()).toBe(shipments.length - 1)
      const onlyCancelled = await api.post("/admin/pickup-point/labels", { shipment_ids: [shipments[1].id] }, admin).catch(errorResponse)
      expect(onlyCancelled.status).toBe(400)
      expect(onlyCancelled.data.message).toContain("their labels are void: fulfil their items with another shipping option")
      // Nor is it served alone, whoever cancelled the shipment order (the carrier after the label, or the store): the label is void.
      const carrierTracking = { tracking_status_code: "ST_0008", tracking_stage: TRACKING_STAGES.cancelled }
      const ownTracking = { tracking_status_code: shipments[1].tracking_status_code, tracking_stage: shipments[1].tracking_stage }
      for (const cancelled of [carrierTracking, { status: "cancelled" as const, ...ownTracking }]) {
        await pickupPoints.updatePickupPointShipments({ id: shipments[1].id, ...cancelled })
        const alone = await api.get(`/admin/pickup-point/shipments/${shipments[1].id}/label`, admin).catch(errorResponse)
        expect(alone.status).toBe(400)
        expect(alone.data).toMatchObject({ type: "not_allowed", message: expect.stringContaining("its label is void and must not go on a parcel") })
        const printed = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
        expect(leftOut(printed)).toEqual([`skipped: ${shipments[1].id}`, "unreadable: ", "encrypted: "])
      }

      // A parcel the carrier has already (here, picked up): its label is left out of the bulk print, lest a copy go on
      // a second parcel, and named; the order's page still serves it.
      await pickupPoints.updatePickupPointShipments({ id: shipments[1].id, status: "label_generated", tracking_status_code: "ST_0007", tracking_stage: TRACKING_STAGES.delivered })
      const withCollected = await api.post("/admin/pickup-point/labels", { shipment_ids: shipments.map((s) => s.id) }, { ...admin, responseType: "arraybuffer" })
      expect(leftOut(withCollected)).toEqual([`skipped: ${shipments[1].id}`, "unreadable: ", "encrypted: "])
      expect((await PDFDocument.load(withCollected.data)).getPageCount()).toBe(shipments.length - 1)
      const onlyCollected = await api.post("/admin/pickup-point/labels", { shipment_ids: [shipments[1].id] }, admin).catch(errorResponse)
      expect(onlyCollected.status).toBe(400)
      expect(onlyCollected.data.message).toContain("The carrier already has the chosen parcels, so their labels are not printed in bulk")
      const collectedAlone = await api.get(`/admin/pickup-point/shipments/${shipments[1].id}/label`, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(collectedAlone.data).subarray(0, 5).toString()).toBe("%PDF-")

      // A verification code is sent, for the log check at the end.
      await api.post(`/admin/pickup-point/shipments/${shipments[0].id}/verification-code`, {}, admin)
      const { data } = await control().get("/emails")
      codesSent.push(...(data.emails as { code: string }[]).map((email) => email.code))
      expect(codesSent.length).toBeGreaterThan(0)
    })

    it("answers generated bad requests on every plugin route with a 4xx in Medusa's shape, and changes nothing", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await shipmentOf(order.id, "ready")
      const [point] = await pickupPoints.listPickupPoints({ code: POINT.code })
      const targets: FuzzTargets = {
        adminHeaders: admin.headers,
        storeHeaders: store.storeHeaders.headers,
        webhookApiKey: API_KEY,
        shipmentId: shipment.id,
        pointId: point.id,
        cartId: await prepareCart(api, store),
        optionId: store.shippingOption.id,
        stockLocationId: store.location.id,
      }
      const before = await rowFingerprints(getContainer())
      // One at a time: identical webhook bodies sent at once are answered "duplicate, being processed" (bench:fuzz sends four at a time and counts them).
      const outcome = await sendBadRequests(api, targets, drawBadRequests(targets, Number(process.env.FUZZ_REQUESTS || 400), 13), 1)
      const changed = changedRows(before, await rowFingerprints(getContainer()))

      expect(outcome.fiveXx).toEqual([])
      expect(outcome.accepted).toEqual([])
      expect(outcome.notMedusaShape).toEqual([])
      expect(changed).toEqual([])
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).status).toBe("ready")
    })

    it("imports the good rows of a CSV with a NUL in one of them, and rejects that row with its reason", async () => {
      const header = "code,name,address,city,postcode,country_code"
      const rows = Array.from({ length: 600 }, (_, i) => `PP-CSV-${i},Point ${i},Via Roma ${i},Milano,20121,IT`)
      rows[550] = `PP-CSV-550,Po\u0000int,Via Roma 550,Milano,20121,IT`
      const { data } = await api.post("/admin/pickup-points/import", { csv: [header, ...rows].join("\n") }, admin)
      expect(data).toMatchObject({ created: 599, updated: 0, rejected: 1 })
      expect(data.rows.find((row: { result: string }) => row.result === "rejected")).toEqual({
        line: 552,
        code: "PP-CSV-550",
        result: "rejected",
        reason: "name must not contain NUL bytes or unpaired UTF-16 surrogates",
        problems: [{ field: "name", kind: "not_text" }],
      })
      const [, count] = await pickupPoints.listAndCountPickupPoints({ code: { $like: "PP-CSV-%" } })
      expect(count).toBe(599)
    })

    it("refuses a cancel with a NUL in its notes before acting, and says so without SQL", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await shipmentOf(order.id, "ready")
      const refused = errorResponse(await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, { notes: "wrong\u0000address" }, admin).catch((e: unknown) => e))
      expect(refused.status).toBe(400)
      expect(refused.data).toEqual({ type: "invalid_data", message: "Invalid request: notes must not contain NUL bytes or unpaired UTF-16 surrogates" })
      expect(JSON.stringify(refused.data)).not.toMatch(/insert|select|pickup_point_/i)
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).status).toBe("ready")
      const { data } = await control().get("/orders")
      expect(data.orders.find((o: { orderReferenceCode: string }) => o.orderReferenceCode === shipment.order_reference_code).cancelledAt).toBeUndefined()
    })

    it("answers a carrier outage during an admin action as what it is: 503, try again", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await shipmentOf(order.id, "ready")
      await control().post("/faults", { operation: "cancel", kind: "http_503", times: 10 })
      const outage = errorResponse(await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch((e: unknown) => e))
      await control().delete("/faults")
      expect(outage.status).toBe(503)
      expect(outage.headers["retry-after"]).toBe("60")
      expect(outage.data).toMatchObject({ type: "unexpected_state", code: "pickup_point_service_unavailable" })
      expect(outage.data.message).toMatch(/unavailable.*Try again/s)
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).status).toBe("ready")
    })

    it("answers an unreadable carrier answer during an admin action as the carrier's: 502, try again", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await shipmentOf(order.id, "ready")
      await control().post("/faults", { operation: "cancel", kind: "malformed", times: 1 })
      const garbled = errorResponse(await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch((e: unknown) => e))
      expect(garbled.status).toBe(502)
      expect(garbled.data).toMatchObject({ type: "unexpected_state", code: "pickup_point_service_bad_answer" })
      expect(garbled.data.message).toMatch(/unreadable cancel response.*Try again in a moment: a repeat is not carried out twice/s)
      // Tried again, as the message says: the cancel goes through (or is answered "already cancelled").
      const cancelled = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin)
      expect(cancelled.data.shipment.status).toBe("cancelled")
    })

    it("answers 'Fulfill items' early when the label call hangs, and finishes the label in the background", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const ready = await shipmentOf(order.id, "ready")
      // The first label call never answers: the client waits out its label deadline, then tries again.
      await control().post("/faults", { operation: "generateLabel", kind: "timeout", times: 1 })
      const started = Date.now()
      const response = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.location.id },
        admin
      )
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(response.status).toBe(202)
      expect(response.data.pickup_point_label).toMatchObject({ status: "pending" })
      // Cancelled while the carrier makes its label, the fulfillment would get the label once cancelled, and the
      // carrier's labelled order could no longer be cancelled with the Medusa order: refused until the label is in.
      const { data: pending } = await api.get(`/admin/orders/${order.id}?fields=fulfillments.id`, admin)
      const fulfillmentId: string = pending.order.fulfillments[0].id
      for (const path of [`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/cancel`, `/admin/fulfillments/${fulfillmentId}/cancel`]) {
        const refused = await api.post(path, {}, admin).catch(errorResponse)
        expect(refused.status).toBe(409)
        expect(refused.data.message).toBe(
          `The carrier is making the label of order ${ready.order_number} for this fulfillment: wait a minute, then reload the order. ` +
            `Once its label is made, the fulfillment can no longer be cancelled here: the carrier does not cancel a labelled order.`
        )
      }
      const labelled = await waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id, status: "label_generated" })
        return shipment
      }, 90_000)
      expect(labelled.label_file_id).toMatch(/^pulbl_/)
      expect(labelled.fulfillment_id).toBe(fulfillmentId)
      // The label is put on the fulfillment after the shipment records it (seen in CI: read in between, it had none yet).
      const fulfillment = await waitFor(async () => {
        const { data } = await api.get(`/admin/orders/${order.id}?fields=fulfillments.canceled_at,fulfillments.labels.tracking_number`, admin)
        return data.order.fulfillments[0].labels.length ? data.order.fulfillments[0] : null
      })
      expect(fulfillment).toMatchObject({ canceled_at: null, labels: [expect.objectContaining({ tracking_number: expect.any(String) })] })
    })

    it("keeps only the point's code of the shopper's data, and never lets it override a published option's point", async () => {
      const cartId = await prepareCart(api, store)
      const junk = { pickup_point_code: "PP-MI-001", notes: "x".repeat(50_000), pickup_point: { code: "PP-MI-001", name: "Forged" } }
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.shippingOption.id, data: junk }, store.storeHeaders)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [cart],
      } = await query.graph({ entity: "cart", fields: ["shipping_methods.data"], filters: { id: cartId } })
      // The code, and the server's own snapshot of the point if it adds one: nothing the shopper made up.
      const stored = cart.shipping_methods![0]!.data as Record<string, { name?: string } | string>
      expect(Object.keys(stored).filter((key) => key !== "pickup_point")).toEqual(["pickup_point_code"])
      expect(stored.pickup_point_code).toBe("PP-MI-001")
      expect((stored.pickup_point as { name?: string } | undefined)?.name ?? "Edicola Duomo").toBe("Edicola Duomo")

      await api.post("/admin/pickup-points", { ...POINT, code: "PP-MI-002", name: "Other" }, admin)
      const [point] = await pickupPoints.listPickupPoints({ code: "PP-MI-001" })
      const option = await getContainer().resolve(Modules.FULFILLMENT).retrieveShippingOption(store.shippingOption.id)
      const { data: published } = await api.post(
        "/admin/pickup-points/publish",
        { pickup_point_ids: [point.id], service_zone_id: option.service_zone_id, shipping_profile_id: option.shipping_profile_id, prices: [{ currency_code: "eur", amount: 1 }] },
        admin
      )
      const publishedOptionId = JSON.stringify(published).match(/"(so_[A-Z0-9]+)"/)?.[1]
      expect(publishedOptionId).toBeDefined()
      const other = await prepareCart(api, store, { optionId: publishedOptionId, pickupPointCode: null })
      const mismatch = errorResponse(
        await api
          .post(`/store/carts/${other}/shipping-methods`, { option_id: publishedOptionId, data: { pickup_point_code: "PP-MI-002" } }, store.storeHeaders)
          .catch((e: unknown) => e)
      )
      expect(mismatch.status).toBe(400)
      expect(mismatch.data).toMatchObject({ type: "invalid_data", code: "pickup_point_mismatch" })
    })

    it("refuses a webhook payload with bad bytes or an over-long status code, in Medusa's error shape, and stores none of it", async () => {
      for (const body of [
        { orderReferencecode: "SO1", statusCode: "ST_0006", statusDescription: "Arrived\ud800" },
        { orderReferencecode: "SO1", statusCode: "S".repeat(90_000) },
        { orderReferencecode: "SO1\u0000", statusCode: "ST_0006" },
      ]) {
        const response = await anonymous.post("/hooks/pickup-point", body, { headers: { "x-api-key": API_KEY } })
        expect(response.status).toBe(400)
        expect(response.data).toMatchObject({ type: "invalid_data", verdict: "invalid_payload" })
      }
      const deliveries = await pickupPoints.listPickupPointWebhookDeliveries({})
      expect(deliveries.every((d) => d.status_code === null && d.payload === null)).toBe(true)
    })

    it("prunes webhook deliveries, tracking history and label PDFs older than the retention, and old code sends' e-mails", async () => {
      const order = await checkoutThroughStoreApi(api, store)
      const shipment = await shipmentOf(order.id, "ready")
      const old = new Date(Date.now() - 400 * 86_400_000)
      await pickupPoints.createPickupPointWebhookDeliveries([
        { digest: "old", verdict: "unknown_order", received_at: old },
        { digest: "new", verdict: "unknown_order", received_at: new Date() },
      ] as never)
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pickupPoints.recordTrackingUpdates([
        { shipment_id: shipment.id, status_code: "ST_0001", status_description: "Old", occurred_at: old, source: "sync" },
        { shipment_id: shipment.id, status_code: "ST_0002", status_description: "New", occurred_at: new Date(), source: "sync" },
      ])
      await pg.raw(`UPDATE pickup_point_tracking_event SET created_at = ? WHERE status_code = 'ST_0001'`, [old])
      // Label PDFs carry the customer's name: kept 180 days by default.
      const oldLabel = await pickupPoints.storeLabelPdf(shipment.id, Buffer.from("%PDF-old").toString("base64"))
      const newLabel = await pickupPoints.storeLabelPdf(shipment.id, Buffer.from("%PDF-new").toString("base64"))
      await pg.raw(`UPDATE pickup_point_label SET created_at = ? WHERE id = ?`, [new Date(Date.now() - 181 * 86_400_000), oldLabel])
      // The code sends' log keeps its lines (the "first send only" check reads them), without the masked e-mail.
      const sends = await pickupPoints.createPickupPointVerificationCodeSends([
        { shipment_id: shipment.id, actor_id: null, masked_email: "m***@example.com", sent_at: new Date(Date.now() - 181 * 86_400_000) },
        { shipment_id: shipment.id, actor_id: null, masked_email: "m***@example.com", sent_at: new Date() },
      ])

      const { result } = await pruneExpiredRecordsWorkflow(getContainer()).run({ input: {} })
      expect(result).toEqual({ webhook_deliveries: 1, tracking_events: 1, service_calls: 0, labels: 1, shipment_contacts: 0, code_send_emails: 1 })
      const kept = await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id }, { order: { sent_at: "ASC" } })
      expect(kept.map((s) => [s.id, s.masked_email])).toEqual([
        [sends[0].id, ""],
        [sends[1].id, "m***@example.com"],
      ])
      expect((await pickupPoints.listPickupPointLabels({ shipment_id: shipment.id }, { select: ["id"] })).map((l) => l.id)).toEqual([newLabel])
      expect((await pickupPoints.listPickupPointWebhookDeliveries({})).map((d) => d.digest)).toEqual(["new"])
      expect((await pickupPoints.listPickupPointTrackingEvents({ shipment_id: shipment.id })).map((e) => e.status_code)).toEqual(["ST_0002"])
    })

    it("wrote no API key, e-mail, phone or verification code to the log of the whole run", async () => {
      const log = capturedLog()
      expect(log).toContain("[pickup-point]")
      const secrets = [API_KEY, "maria.bianchi@example.com", "+39 333 1234567", "3331234567"]
      expect(secrets.filter((secret) => log.includes(secret))).toEqual([])
      // A code is six digits: looked for as a number of its own, not inside a longer one (a run once drew 011500, which
      // Medusa's migration name Migration20250120115002 holds).
      expect(codesSent.filter((code) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(log))).toEqual([])
      // Any address at all: the admin's own (the test's login) is the only one allowed.
      expect(log.match(/[\w.+-]+@[a-z0-9-]+\.[a-z]{2,}/gi)?.filter((email) => !email.endsWith("@medusa-test.com")) ?? []).toEqual([])
    })
  },
})

/** A one-page PDF encrypted with an owner password, as some carriers send their labels. */
/**
 * A label encrypted with an owner password (AES-256) whose objects, the page tree included, sit in object
 * streams: `qpdf --object-streams=generate --encrypt "" carrier 256 --print=full -- plain.pdf out.pdf`
 * of a one-page A6 PDFKit file.
 */
const ENCRYPTED_OBJECT_STREAMS_LABEL = path.resolve(__dirname, "../../test-support/fixtures/label-encrypted-object-streams.pdf")

function encryptedPdf(): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFKit({ ownerPassword: "carrier", permissions: { printing: "highResolution" } })
    const chunks: Buffer[] = []
    doc.on("data", (chunk: Buffer) => chunks.push(chunk))
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
    doc.text("LABEL")
    doc.end()
  })
}
