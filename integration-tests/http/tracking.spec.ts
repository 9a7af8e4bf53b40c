import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import {
  advanceDueShipmentsWorkflow,
  applyTrackingUpdatesWorkflow,
  PickupPointShipmentEvents,
  pruneExpiredRecordsWorkflow,
  sendOwedVerificationCodesWorkflow,
  syncTrackingWorkflow,
} from "../../src/workflows"
import { TRACKING_STAGES } from "../../src/modules/pickup-point/lib/statuses"
import { WEBHOOK_RESULTS } from "../../src/modules/pickup-point/lib/webhook-results"
import { claimPlatformConfirmations, processPlatformConfirmations, receivedConfirmation } from "../../src/workflows/utils/platform-confirmation"
import sendVerificationCodeWhenReady from "../../src/subscribers/send-verification-code-when-ready"
import { sendCodeWhenReady } from "../../src/workflows/utils/send-code-when-ready"
import { freshStore } from "../helpers/fresh-store"
import { errorResponse } from "../helpers/error-response"
import { fulfillOrder } from "../helpers/fulfill-order"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi, prepareCart } from "../helpers/store-checkout"

jest.setTimeout(120_000)

// The circuit stays open 10 s: long enough for the test to see it open on a busy machine (it moves the end into the past to see it close).
const sandbox = useSandboxForApp({ PICKUP_POINT_SYNC_CIRCUIT_OPEN_MS: "10000", PICKUP_POINT_SYNC_BATCH_SIZE: "2" })
const control = () => sandbox.control

/** PP-MI-002 requires a verification code at handover, in the sandbox's demo seed. */
const POINT = { code: "PP-MI-002", name: "Tabacchi Navigli", address: "Ripa di Porta Ticinese 55", city: "Milano", postcode: "20143", country_code: "IT", requires_verification_code: true }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService
    let emitted: { name: string; data: Record<string, unknown> }[]
    let subscribed = false

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, control(), POINT))
      emitted = []
      // The app lives across the file's tests: subscribe once.
      if (!subscribed) {
        const eventBus = getContainer().resolve(Modules.EVENT_BUS)
        for (const name of Object.values(PickupPointShipmentEvents)) {
          eventBus.subscribe(name, async (event) => {
            emitted.push({ name: event.name, data: event.data as Record<string, unknown> })
          })
        }
        subscribed = true
      }
    })

    /** An order of this plugin's, fulfilled: its label exists, so tracking is followed. */
    async function labelledShipment() {
      const order = await checkoutThroughStoreApi(api, store, { pickupPointCode: POINT.code })
      await waitFor(async () => (await pickupPoints.listPickupPointShipments({ order_id: order.id, status: "ready" }))[0])
      const fulfillmentId = await fulfillOrder(api, admin, store, order)
      const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })
      expect(shipment.status).toBe("label_generated")
      return { order, fulfillmentId, shipment }
    }

    const fulfillmentOf = async (id: string) => {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [fulfillment],
      } = await query.graph({ entity: "fulfillment", fields: ["shipped_at", "delivered_at", "data", "labels.*"], filters: { id } })
      return fulfillment
    }
    const network = (ref: string, statusCode: string) => control().post(`/orders/${ref}/tracking`, { statusCode })
    const platform = (ref: string, statusCode: string) => control().post(`/orders/${ref}/platform-webhook`, { statusCode })
    const sync = async () => (await syncTrackingWorkflow(getContainer()).run({ input: {} })).result
    const shipmentView = async (id: string) => (await api.get(`/admin/pickup-point/shipments/${id}`, admin)).data.shipment

    it("follows a shipment through the job and the webhook, in any order and with duplicates, to delivered in Medusa", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      const ref = shipment.order_reference_code!
      await control().post("/merchants", {
        merchantCode: "DEMO-DELIVERY",
        apiKey: "sandbox-delivery-key",
        type: "DELIVERY",
        insuranceEnabled: true,
        webhookUrl: `${api.defaults.baseURL}/hooks/pickup-point`,
      })

      // The network collects the parcel; the sync finds out: Medusa's fulfillment is shipped.
      await network(ref, "ST_0003")
      const labelled = (await fulfillmentOf(fulfillmentId)).labels
      expect(labelled).toEqual([expect.objectContaining({ label_url: expect.stringContaining(`/admin/pickup-point/shipments/${shipment.id}/label`) })])
      expect(await sync()).toMatchObject({ calls: 1, synced: 1, transitions: 1 })
      // Shipped through Medusa's shipment workflow, which replaces the fulfillment's labels: the label stays.
      const shippedFulfillment = await fulfillmentOf(fulfillmentId)
      expect(shippedFulfillment.shipped_at).toBeTruthy()
      expect(shippedFulfillment.labels).toEqual([expect.objectContaining({ label_url: labelled[0].label_url, tracking_number: expect.any(String) })])

      // The platform confirms "ready for pickup" twice; the second is a replay.
      const first = await platform(ref, "ST_0006")
      expect(first.status).toBe(200)
      expect(JSON.parse(first.data.receiverBody)).toEqual({ verdict: "applied", message: "Received" })
      const replay = await platform(ref, "ST_0006")
      expect(JSON.parse(replay.data.receiverBody).verdict).toBe("duplicate")
      // A late report of an earlier status moves nothing back.
      const late = await platform(ref, "ST_0004")
      expect(JSON.parse(late.data.receiverBody).verdict).toBe("unchanged")
      // The admin's "last heard from the carrier" is the webhook's news, later than the last sync.
      const heard = await shipmentView(shipment.id)
      expect(new Date(heard.last_heard_at).getTime()).toBeGreaterThan(new Date(heard.last_synced_at).getTime())
      // The sync now reads ST0004 (the last status the service holds): still nothing moves back.
      expect(await sync()).toMatchObject({ calls: 1, transitions: 0 })
      expect(await shipmentView(shipment.id)).toMatchObject({ tracking_stage: 50, tracking_status_code: "ST_0006" })

      await network(ref, "ST_0007")
      expect(await sync()).toMatchObject({ transitions: 1 })
      const delivered = await fulfillmentOf(fulfillmentId)
      expect(delivered.delivered_at).toBeTruthy()
      expect(delivered.labels.map((label: { label_url: string }) => label.label_url)).toEqual([labelled[0].label_url])
      // Delivered is final: the shipment is no longer followed.
      expect(await sync()).toMatchObject({ calls: 0, synced: 0 })

      const view = await shipmentView(shipment.id)
      expect(view).toMatchObject({ tracking_status_code: "ST_0007", tracking_stage: 60, shipped_at: expect.any(String), delivered_at: expect.any(String) })
      expect(view.tracking.map((t: { status_code: string; source: string }) => `${t.status_code}/${t.source}`)).toEqual([
        "ST_0003/sync",
        "ST_0006/webhook",
        "ST_0004/webhook",
        "ST_0007/sync",
      ])
      // The order page's timeline, newest first: the service names its times to the minute, yet what the plugin
      // learned after making the label comes above it, in the order it learned it.
      const { timeline } = (await api.get(`/admin/pickup-point/shipments/${shipment.id}/overview`, admin)).data
      expect(
        timeline
          .filter((entry: { kind: string; status?: string }) => entry.kind === "tracking" || entry.status === "label_generated")
          .map((entry: { status_code?: string; status?: string }) => entry.status_code ?? entry.status)
      ).toEqual(["ST_0007", "ST_0004", "ST_0006", "ST_0003", "label_generated"])

      const deliveries = await pickupPoints.listPickupPointWebhookDeliveries({})
      expect(deliveries.map((d) => [d.verdict, d.deliveries]).sort()).toEqual([["applied", 2], ["unchanged", 1]])
      expect(deliveries[0].payload).not.toHaveProperty("apiKey")

      expect(emitted.map((e) => e.name)).toEqual([
        PickupPointShipmentEvents.CREATED,
        PickupPointShipmentEvents.LABEL_GENERATED,
        PickupPointShipmentEvents.STATUS_CHANGED,
        PickupPointShipmentEvents.STATUS_CHANGED,
        PickupPointShipmentEvents.READY_FOR_PICKUP,
        PickupPointShipmentEvents.STATUS_CHANGED,
        PickupPointShipmentEvents.DELIVERED,
      ])
      // Ids and statuses only: no personal data in any event.
      for (const event of emitted) {
        expect(Object.keys(event.data).every((key) => ["id", "order_id", "status", "tracking_status_code"].includes(key))).toBe(true)
      }
      expect(emitted[1].data).toEqual({ id: shipment.id, order_id: shipment.order_id, status: "label_generated" })
    })

    it("announces a shipment that failed, with ids and status only", async () => {
      // Placed without a phone the way a payment webhook or a custom checkout places an order (the
      // store's complete route refuses it with phone_required): Medusa's completeCartWorkflow run directly.
      const cartId = await prepareCart(api, store, { pickupPointCode: POINT.code, phone: null })
      const { result: order } = await completeCartWorkflow(getContainer()).run({ input: { id: cartId } })
      const failed = await waitFor(async () => emitted.find((e) => e.name === PickupPointShipmentEvents.FAILED))
      expect(failed.data).toEqual({ id: expect.stringMatching(/^pushp_/), order_id: order.id, status: "failed" })
    })

    it("refuses forged and unsigned webhooks without a trace, and acknowledges an unknown order", async () => {
      const body = { trackingNumber: "PP1", statusCode: "ST_0006", statusDescription: "Ready", orderReferencecode: "SO_UNKNOWN" }
      const forged = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "guessed-key" } }).catch(errorResponse)
      expect(forged.status).toBe(401)
      const unsigned = await api.post("/hooks/pickup-point", body).catch(errorResponse)
      expect(unsigned.status).toBe(401)
      expect(await pickupPoints.listPickupPointWebhookDeliveries({})).toHaveLength(0)

      const unknown = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      expect(unknown.status).toBe(202)
      const [recorded] = await pickupPoints.listPickupPointWebhookDeliveries({})
      expect(recorded).toMatchObject({ verdict: "unknown_order", order_reference_code: "SO_UNKNOWN", status_code: "ST_0006" })

      const invalid = await api.post("/hooks/pickup-point", { tracking_number: "PP2" }, { headers: { "x-api-key": "sandbox-delivery-key" } }).catch(errorResponse)
      expect(invalid.status).toBe(400)
      expect(invalid.data.message).toBe("Invalid confirmation: missing orderReferencecode and statusCode")
    })

    it("processes deliveries that arrive together as one batch: each answered and stored once, a shipment's second status after its first", async () => {
      const [a, b] = [await labelledShipment(), await labelledShipment()]
      const body = (ref: string | null, statusCode: string) => JSON.stringify({ trackingNumber: null, statusCode, statusDescription: statusCode, orderReferencecode: ref })
      const bodies = [
        body(a.shipment.order_reference_code, "ST_0003"),
        body(a.shipment.order_reference_code, "ST_0003"),
        body(a.shipment.order_reference_code, "ST_0005"),
        body(b.shipment.order_reference_code, "ST_0003"),
        body("SO_NOT_OURS", "ST_0003"),
        JSON.stringify({ statusCode: "ST_0003" }),
      ]
      // What the route's batcher does with the deliveries that arrived while the batch before ran.
      const claims = await claimPlatformConfirmations(getContainer(), bodies.map(receivedConfirmation))
      expect(claims[1]).toEqual({ duplicate: expect.objectContaining({ verdict: "duplicate", message: "Already received; being processed" }) })
      const processed = await processPlatformConfirmations(
        getContainer(),
        claims.flatMap((claim) => ("duplicate" in claim ? [] : [claim]))
      )
      expect(processed.map((p) => ("outcome" in p ? [p.outcome.http_status, p.outcome.verdict] : "error"))).toEqual([
        [200, "applied"],
        [200, "applied"],
        [200, "applied"],
        [202, "unknown_order"],
        [400, "invalid_payload"],
      ])

      // A: both statuses once, the second one last; B: its one.
      expect(await pickupPoints.retrievePickupPointShipment(a.shipment.id)).toMatchObject({ tracking_stage: TRACKING_STAGES.at_pickup_point, tracking_status_code: "ST_0005" })
      expect(await pickupPoints.retrievePickupPointShipment(b.shipment.id)).toMatchObject({ tracking_stage: TRACKING_STAGES.shipped })
      const events = async (id: string) => (await pickupPoints.listPickupPointTrackingEvents({ shipment_id: id, source: "webhook" })).map((e) => e.status_code).sort()
      expect(await events(a.shipment.id)).toEqual(["ST_0003", "ST_0005"])
      expect(await events(b.shipment.id)).toEqual(["ST_0003"])
      expect((await fulfillmentOf(a.fulfillmentId)).shipped_at).toBeTruthy()
      expect((await fulfillmentOf(b.fulfillmentId)).shipped_at).toBeTruthy()
      const stored = await pickupPoints.listPickupPointWebhookDeliveries({})
      expect(stored.map((d) => [d.order_reference_code, d.status_code, d.verdict, d.result, d.deliveries]).sort()).toEqual(
        [
          [a.shipment.order_reference_code, "ST_0003", "applied", WEBHOOK_RESULTS.applied("shipped"), 2],
          [a.shipment.order_reference_code, "ST_0005", "applied", WEBHOOK_RESULTS.applied("at_pickup_point"), 1],
          [b.shipment.order_reference_code, "ST_0003", "applied", WEBHOOK_RESULTS.applied("shipped"), 1],
          ["SO_NOT_OURS", "ST_0003", "unknown_order", WEBHOOK_RESULTS.unknownOrder, 1],
          [null, null, "invalid_payload", "missing orderReferencecode", 1],
        ].sort()
      )

      // The same bodies at once over HTTP: each answered on its own, none applied again.
      const answers = await Promise.all(
        bodies.map((raw) =>
          api.post("/hooks/pickup-point", JSON.parse(raw), { headers: { "x-api-key": "sandbox-delivery-key" } }).catch(errorResponse)
        )
      )
      expect(answers.map((r) => [r.status, r.data.verdict])).toEqual([
        [200, "duplicate"],
        [200, "duplicate"],
        [200, "duplicate"],
        [200, "duplicate"],
        [202, "unknown_order"],
        [400, "invalid_payload"],
      ])
      expect(await events(a.shipment.id)).toEqual(["ST_0003", "ST_0005"])
    })

    it("reprocesses a delivery that found no shipment once the shipment knows its order, applying it once", async () => {
      // The create's answer is lost: the order is on the service, but the store does not know its reference code yet.
      await control().post("/faults", { operation: "create", kind: "commit_then_drop", times: 1 })
      const order = await checkoutThroughStoreApi(api, store, { pickupPointCode: POINT.code })
      const uncertain = await waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id, status: "unknown" })
        return shipment?.last_error ? shipment : null
      })
      const onService = ((await control().get("/orders")).data.orders as { orderReferenceCode: string; request: { orderNumber: string } }[]).filter(
        (o) => o.request.orderNumber === uncertain.order_number
      )
      expect(onService).toHaveLength(1)
      const ref = onService[0].orderReferenceCode
      const body = { trackingNumber: null, statusCode: "ST_0001", statusDescription: "Registered", orderReferencecode: ref }
      const hook = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      expect(hook.status).toBe(202)
      const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ order_reference_code: ref })
      expect(delivery).toMatchObject({ verdict: "unknown_order", payload: { orderReferenceCode: ref, statusCode: "ST_0001", statusDescription: "Registered", trackingNumber: null } })
      // Only the documented fields are kept.
      expect(Object.keys(delivery.payload as object).sort()).toEqual(["orderReferenceCode", "statusCode", "statusDescription", "trackingNumber"])

      const reprocess = () => api.post(`/admin/pickup-point/health/webhooks/${delivery.id}/reprocess`, {}, admin).catch(errorResponse)
      const tooEarly = await reprocess()
      expect(tooEarly.status).toBe(200)
      expect(tooEarly.data.delivery).toMatchObject({ id: delivery.id, verdict: "unknown_order", reprocessable: true })

      // The retry job finds the order on the service: the shipment learns its reference code.
      await advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
      expect(await pickupPoints.retrievePickupPointShipment(uncertain.id)).toMatchObject({ status: "ready", order_reference_code: ref, tracking_stage: 0 })

      const applied = await reprocess()
      expect(applied.status).toBe(200)
      expect(applied.data).toMatchObject({ verdict: "applied", delivery: { id: delivery.id, verdict: "applied", shipment_id: uncertain.id, reprocessable: false } })
      const after = await pickupPoints.retrievePickupPointShipment(uncertain.id)
      expect(after.tracking_stage).toBe(10)
      expect(await pickupPoints.listPickupPointTrackingEvents({ shipment_id: uncertain.id, status_code: "ST_0001" })).toHaveLength(1)

      const again = await reprocess()
      expect(again.status).toBe(400)
      expect(again.data).toMatchObject({ type: "not_allowed", message: "This delivery was already processed (applied); there is nothing to reprocess." })
      const redelivered = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      expect(redelivered.data.verdict).toBe("duplicate")
      expect(await pickupPoints.listPickupPointTrackingEvents({ shipment_id: uncertain.id, status_code: "ST_0001" })).toHaveLength(1)

      const unknown = await api.post("/admin/pickup-point/health/webhooks/puwh_nope/reprocess", {}, admin).catch(errorResponse)
      expect(unknown.status).toBe(404)
    })

    it("lets an admin reprocess a delivery whose processor died, but not one being processed now", async () => {
      const body = { trackingNumber: null, statusCode: "ST_0001", statusDescription: "Registered", orderReferencecode: "SO_LOST_PROCESSOR" }
      await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ order_reference_code: "SO_LOST_PROCESSOR" })
      // What a crash mid-processing leaves: the claim, never settled.
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const stuck = (age: string) =>
        db.raw(`UPDATE pickup_point_webhook_delivery SET verdict = 'processing', updated_at = now() - CAST(? AS interval) WHERE id = ?`, [age, delivery.id])
      const reprocess = () => api.post(`/admin/pickup-point/health/webhooks/${delivery.id}/reprocess`, {}, admin).catch(errorResponse)

      await stuck("5 seconds")
      const busy = await reprocess()
      expect(busy.status).toBe(400)
      expect(busy.data.message).toMatch(/^This delivery is being processed right now/)

      await stuck("5 minutes")
      const reclaimed = await reprocess()
      expect(reclaimed.status).toBe(200)
      expect(reclaimed.data.delivery).toMatchObject({ id: delivery.id, verdict: "unknown_order" })
    })

    it("applies, on the tracking job, a delivery whose processor died after its redeliveries were answered as duplicates", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      const body = { trackingNumber: shipment.tracking_number, statusCode: "ST_0003", statusDescription: "Collected", orderReferencecode: shipment.order_reference_code }
      // What the route does before it processes a delivery; the process then dies (a deploy), never settling it.
      const [claim] = await claimPlatformConfirmations(getContainer(), [receivedConfirmation(JSON.stringify(body))])
      expect("claim_id" in claim).toBe(true)
      const redelivered = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      expect(redelivered.data).toMatchObject({ verdict: "duplicate", message: "Already received; being processed" })

      // Not yet given up for dead: the job leaves it to its processor.
      await sync()
      const delivery = async () => (await pickupPoints.listPickupPointWebhookDeliveries({ order_reference_code: shipment.order_reference_code }))[0]
      expect(await delivery()).toMatchObject({ verdict: "processing", payload: { statusCode: "ST_0003" } })

      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(`UPDATE pickup_point_webhook_delivery SET updated_at = now() - interval '5 minutes' WHERE order_reference_code = ?`, [shipment.order_reference_code])
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "applied", shipment_id: shipment.id })
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).tracking_stage).toBe(TRACKING_STAGES.shipped)
      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()
    })

    it("settles as refused, on the tracking job, an unreadable delivery whose processor died before storing its refusal", async () => {
      const body = { statusCode: "ST_0003", statusDescription: "Collected" }
      // Claimed with nothing read of it (no reference code), then the process dies before settling it.
      const [claim] = await claimPlatformConfirmations(getContainer(), [receivedConfirmation(JSON.stringify(body))])
      expect("claim_id" in claim).toBe(true)
      const id = (claim as { claim_id: string }).claim_id
      const delivery = async () => (await pickupPoints.listPickupPointWebhookDeliveries({ id }))[0]
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "processing", payload: null })

      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(`UPDATE pickup_point_webhook_delivery SET updated_at = now() - interval '5 minutes' WHERE id = ?`, [id])
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "invalid_payload", result: WEBHOOK_RESULTS.unreadableStopped })
      // Refused, not a duplicate: the same body sent again is read again and refused with its reason.
      const again = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } }).catch(errorResponse)
      expect(again.status).toBe(400)
      expect(again.data).toMatchObject({ verdict: "invalid_payload", message: expect.stringContaining("orderReferencecode") })
    })

    it("applies, on the tracking job, a delivery whose processing failed after a redelivery was answered as a duplicate", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      const body = { trackingNumber: shipment.tracking_number, statusCode: "ST_0003", statusDescription: "Collected", orderReferencecode: shipment.order_reference_code }
      const [claim] = await claimPlatformConfirmations(getContainer(), [receivedConfirmation(JSON.stringify(body))])
      if (!("claim_id" in claim)) throw new Error("the first delivery was not claimed")
      // The platform's redelivery, while the first is processed: answered as a duplicate, it may be its last.
      const redelivered = await api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } })
      expect(redelivered.data).toMatchObject({ verdict: "duplicate", message: "Already received; being processed" })
      // What a failed processing leaves (processPlatformConfirmations' `failed`): the verdict failed, the fields kept.
      await pickupPoints.settleWebhookDelivery(claim.claim_id, {
        verdict: "failed",
        result: WEBHOOK_RESULTS.failed,
        order_reference_code: shipment.order_reference_code!,
        status_code: "ST_0003",
        payload: { orderReferenceCode: shipment.order_reference_code, statusCode: "ST_0003", statusDescription: "Collected", trackingNumber: shipment.tracking_number },
      })
      const delivery = async () => (await pickupPoints.listPickupPointWebhookDeliveries({ id: claim.claim_id }))[0]
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      /** When the delivery came, and when its processing last failed. */
      const receivedAndTried = async (received: string, tried: string) => {
        await db.raw(`UPDATE pickup_point_webhook_delivery SET received_at = now() - CAST(? AS interval), updated_at = now() - CAST(? AS interval) WHERE id = ?`, [
          received,
          tried,
          claim.claim_id,
        ])
        return (await delivery()).updated_at
      }

      // Received over a day ago, it is left to the Health page's "Reprocess": not even tried.
      let tried = await receivedAndTried("25 hours", "5 minutes")
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "failed", updated_at: tried })
      // Failing for 55 minutes, tried 5 minutes ago: it waits as long as it has been failing.
      tried = await receivedAndTried("1 hour", "5 minutes")
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "failed", updated_at: tried })

      await receivedAndTried("6 minutes", "5 minutes")
      await sync()
      expect(await delivery()).toMatchObject({ verdict: "applied", shipment_id: shipment.id })
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).tracking_stage).toBe(TRACKING_STAGES.shipped)
      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()
    })

    it("logs each call to the service without its content, newest first, for the health page, and prunes the log", async () => {
      const { shipment } = await labelledShipment()
      type Call = { id: string; operation: string }
      const logged = (until: (calls: Call[]) => boolean) =>
        waitFor(async () => {
          const { data } = await api.get("/admin/pickup-point/health/calls?limit=100", admin)
          return until(data.calls) ? (data as { calls: Call[]; count: number }) : null
        })
      const labelled = await logged((calls) => calls.some((call) => call.operation === "generateLabel"))
      await sync()
      const calls = await logged((calls) => calls.length > labelled.calls.length && calls[0].operation === "status")
      expect(calls.calls[0]).toEqual({ id: expect.stringMatching(/^pusc_/), operation: "status", http_status: 200, duration_ms: expect.any(Number), outcome: "ok", attempt: 1, retried: false, called_at: expect.any(String) })
      const operations = calls.calls.map((call) => call.operation)
      expect(operations.indexOf("generateLabel")).toBeLessThan(operations.indexOf("create"))
      expect(calls.calls.find((call) => call.operation === "create")).toMatchObject({ http_status: 200, outcome: "ok" })
      const text = JSON.stringify(calls)
      for (const secret of ["sandbox-delivery-key", shipment.order_reference_code!, shipment.order_number, "@example.com"]) {
        expect(text).not.toContain(secret)
      }
      const page = await api.get("/admin/pickup-point/health/calls?limit=1&offset=1", admin)
      expect(page.data).toMatchObject({ count: calls.count, limit: 1, offset: 1, calls: [{ id: calls.calls[1].id }] })
      const bad = await api.get("/admin/pickup-point/health/calls?limit=0", admin).catch(errorResponse)
      expect(bad.status).toBe(400)

      const { result } = await pruneExpiredRecordsWorkflow(getContainer()).run({ input: { now: new Date(Date.now() + 8 * 86_400_000).toISOString() } })
      expect(result.service_calls).toBe(calls.count)
      expect((await api.get("/admin/pickup-point/health/calls", admin)).data.count).toBe(0)
    })

    it("backs off while the service is down, and catches up when it is back", async () => {
      const { shipment } = await labelledShipment()
      await network(shipment.order_reference_code!, "ST_0005")
      await control().post("/faults", { operation: "status", kind: "http_503", times: 100 })

      for (let run = 1; run <= 3; run++) {
        expect((await sync()).error).toContain("answered HTTP 503")
      }
      const statusCalls = async () => ((await control().get("/calls")).data.calls as { operation: string }[]).filter((c) => c.operation === "status").length
      const callsWhileOpen = await statusCalls()
      expect(await sync()).toMatchObject({ skipped: "circuit_open", calls: 0 })
      expect(await statusCalls()).toBe(callsWhileOpen)
      const health = (await api.get("/admin/pickup-point/health", admin)).data
      expect(health.tracking_sync).toMatchObject({ circuit_open: true, consecutive_failures: 3, last_error: expect.stringContaining("503") })

      await control().delete("/faults")
      // The open time passes.
      await dbConnection.raw("UPDATE pickup_point_sync_state SET circuit_open_until = now() - interval '1 second' WHERE circuit_open_until IS NOT NULL")
      expect(await sync()).toMatchObject({ calls: 1, transitions: 1 })
      expect(await shipmentView(shipment.id)).toMatchObject({ tracking_status_code: "ST_0005", tracking_stage: 40 })
      const recovered = (await api.get("/admin/pickup-point/health", admin)).data.tracking_sync
      expect(recovered).toMatchObject({ circuit_open: false, consecutive_failures: 0, lag_seconds: expect.any(Number) })
    })

    it("follows a shipment for maxAgeDays from its label, however long after the order the label came", async () => {
      const backorder = (await labelledShipment()).shipment
      const letGo = (await labelledShipment()).shipment
      expect(backorder.shipped_off_at).toBeTruthy()
      // Both orders were placed 90 days ago (the window is 60 days); one was labelled just now, the other 61 days ago.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`UPDATE pickup_point_shipment SET created_at = now() - interval '90 days' WHERE id IN (?, ?)`, [backorder.id, letGo.id])
      await pg.raw(`UPDATE pickup_point_shipment SET shipped_off_at = now() - interval '61 days' WHERE id = ?`, [letGo.id])
      await network(backorder.order_reference_code!, "ST_0005")
      await network(letGo.order_reference_code!, "ST_0005")

      await sync()

      expect(await shipmentView(backorder.id)).toMatchObject({ tracking_status_code: "ST_0005", tracking_stage: 40 })
      expect(await shipmentView(letGo.id)).toMatchObject({ tracking_status_code: null })
    })

    it("leaves out of a run only the shipment whose status the service garbles, and syncs the rest of its batch and after it", async () => {
      const shipments = []
      for (let i = 0; i < 3; i++) shipments.push((await labelledShipment()).shipment)
      for (const shipment of shipments) await network(shipment.order_reference_code!, "ST_0005")
      const [, bad] = shipments
      // Every status call naming that order is answered unreadably, until cleared.
      await control().post("/faults", { operation: "status", kind: "malformed", probability: 1, order_reference_code: bad.order_reference_code })

      const run = await sync()
      expect(run.error).toBeUndefined()
      expect(run.left_out).toBe(1)
      for (const shipment of [shipments[0], shipments[2]]) expect(await shipmentView(shipment.id)).toMatchObject({ tracking_status_code: "ST_0005" })
      expect((await shipmentView(bad.id)).tracking_status_code).not.toBe("ST_0005")
      // Not a failure of the service: the circuit is not counting.
      expect((await api.get("/admin/pickup-point/health", admin)).data.tracking_sync).toMatchObject({ consecutive_failures: 0 })

      await control().delete("/faults")
      expect((await sync()).left_out).toBeUndefined()
      expect(await shipmentView(bad.id)).toMatchObject({ tracking_status_code: "ST_0005" })
    })

    it("ends a run whose next claim the database refuses while a call is in flight: the answered batch recorded, nothing left claimed, the circuit not counting", async () => {
      const shipments = []
      for (let i = 0; i < 3; i++) shipments.push((await labelledShipment()).shipment)
      for (const shipment of shipments) await network(shipment.order_reference_code!, "ST_0005")
      // A real refusal by PostgreSQL: from the third row a claim takes (batches of 2), the claim fails. The
      // run's second claim is made while the first batch's call is in flight.
      await dbConnection.raw(`
        CREATE SEQUENCE test_sync_claims;
        CREATE FUNCTION test_refuse_second_claim() RETURNS trigger AS $$
        BEGIN
          IF nextval('test_sync_claims') > 2 THEN RAISE EXCEPTION 'injected: the database refuses this claim'; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql;
        CREATE TRIGGER test_refuse_second_claim BEFORE UPDATE ON pickup_point_shipment FOR EACH ROW
          WHEN (NEW.lease_owner IS NOT NULL AND NEW.lease_owner IS DISTINCT FROM OLD.lease_owner)
          EXECUTE FUNCTION test_refuse_second_claim();`)
      // A claim left to reject with nothing awaiting it would fail this test through Jest's own unhandled-rejection check.
      try {
        // The run fails, with the database's error (Medusa rejects with the step's error as a plain object).
        await expect(syncTrackingWorkflow(getContainer()).run({ input: {} })).rejects.toMatchObject({
          message: expect.stringContaining("injected: the database refuses this claim"),
        })
        // Settled before the run ended, not left to finish after it.
        const [{ recorded, claimed }] = (
          await dbConnection.raw(
            `SELECT count(*) FILTER (WHERE tracking_status_code = 'ST_0005')::int AS recorded, count(*) FILTER (WHERE lease_owner IS NOT NULL)::int AS claimed
             FROM pickup_point_shipment WHERE id = ANY (?)`,
            [shipments.map((s) => s.id)]
          )
        ).rows
        expect({ recorded, claimed }).toEqual({ recorded: 2, claimed: 0 })
      } finally {
        await dbConnection.raw("DROP TRIGGER test_refuse_second_claim ON pickup_point_shipment; DROP FUNCTION test_refuse_second_claim(); DROP SEQUENCE test_sync_claims")
      }
      // The database's fault, not the service's: the circuit is not counting, and the next run syncs the rest.
      expect((await api.get("/admin/pickup-point/health", admin)).data.tracking_sync).toMatchObject({ consecutive_failures: 0 })
      await sync()
      for (const shipment of shipments) expect(await shipmentView(shipment.id)).toMatchObject({ tracking_status_code: "ST_0005" })
    })

    it("lets two workers sync at once without syncing a shipment twice or applying an update twice", async () => {
      const shipments = []
      for (let i = 0; i < 4; i++) shipments.push(await labelledShipment())
      for (const { shipment } of shipments) await network(shipment.order_reference_code!, "ST_0003")

      // "At once": each run starts (reads the database's clock) before either records a batch, which a slow
      // claim makes sure of on a busy machine. A run started after another's batch was recorded would ask
      // about that batch again, as it should: it was synced before that run began.
      await dbConnection.raw(`
        CREATE FUNCTION test_slow_claim() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER test_slow_claim BEFORE UPDATE ON pickup_point_shipment FOR EACH ROW
          WHEN (NEW.lease_owner IS NOT NULL AND NEW.lease_owner IS DISTINCT FROM OLD.lease_owner)
          EXECUTE FUNCTION test_slow_claim();`)
      const [a, b] = await Promise.all([sync(), sync()]).finally(() =>
        dbConnection.raw("DROP TRIGGER test_slow_claim ON pickup_point_shipment; DROP FUNCTION test_slow_claim()")
      )
      expect(a.synced + b.synced).toBe(4)
      expect(a.calls + b.calls).toBe(2) // batches of 2: each shipment was asked about once
      for (const { shipment, fulfillmentId } of shipments) {
        expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()
        expect((await shipmentView(shipment.id)).tracking).toHaveLength(1)
      }

      // The same report applied by two processes at the same moment takes effect once.
      const { shipment } = shipments[0]
      const update = { shipment_id: shipment.id, status_code: "ST_0006", source: "webhook" as const }
      const results = await Promise.all([
        applyTrackingUpdatesWorkflow(getContainer()).run({ input: { updates: [update] } }),
        applyTrackingUpdatesWorkflow(getContainer()).run({ input: { updates: [update] } }),
      ])
      expect(results.map((r) => r.result.transitions.length).sort()).toEqual([0, 1])
      expect(emitted.filter((e) => e.name === PickupPointShipmentEvents.READY_FOR_PICKUP)).toHaveLength(1)
    })

    it("asks about each shipment once in a run though the app's clock runs ahead of the database's", async () => {
      // Three batches: the third claim, made while the second batch's call is in flight, comes after the first is recorded.
      const shipments = []
      for (let i = 0; i < 6; i++) shipments.push(await labelledShipment())
      for (const { shipment } of shipments) await network(shipment.order_reference_code!, "ST_0003")

      // Only Date is faked, two minutes ahead and ticking: the app's timers, and the database's clock, run as they are.
      jest.useFakeTimers({
        now: Date.now() + 120_000,
        advanceTimers: true,
        doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "requestAnimationFrame", "cancelAnimationFrame", "requestIdleCallback", "cancelIdleCallback", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"],
      })
      try {
        const run = await sync()
        expect(run).toMatchObject({ calls: 3, synced: 6 }) // batches of 2: each shipment asked about once
      } finally {
        jest.useRealTimers()
      }
      for (const { shipment } of shipments) expect((await shipmentView(shipment.id)).tracking).toHaveLength(1)
    })

    it("tells Medusa what a crash left untold, however many carrier-cancelled shipments wait before it", async () => {
      // Batches of 2 here: two shipments the carrier cancelled, recorded before Medusa was told (a crash); the sync
      // tells Medusa once, and then they have nothing left to tell.
      const cancelled = []
      for (let i = 0; i < 2; i++) {
        const { shipment, fulfillmentId } = await labelledShipment()
        await pickupPoints.recordTrackingUpdates([{ shipment_id: shipment.id, status_code: "ST_0008", source: "webhook" }])
        cancelled.push(fulfillmentId)
      }
      await sync()
      for (const fulfillmentId of cancelled) {
        expect((await fulfillmentOf(fulfillmentId)).data).toMatchObject({ carrier_cancelled_at: expect.any(String) })
      }
      // Recorded as shipped, but the process stopped before Medusa was told.
      const { shipment, fulfillmentId } = await labelledShipment()
      await pickupPoints.recordTrackingUpdates([{ shipment_id: shipment.id, status_code: "ST_0003", source: "webhook" }])
      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeFalsy()

      await sync()

      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).shipped_at).toBeTruthy()
    })

    it("tells Medusa a move a process died while telling, once that process's claim lapses", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      await pickupPoints.recordTrackingUpdates([{ shipment_id: shipment.id, status_code: "ST_0003", source: "webhook" }])
      // A process claimed telling Medusa "shipped", and died before Medusa took it.
      expect(await pickupPoints.claimFulfillmentState(shipment.id, "shipped")).toEqual(expect.any(String))

      // Its claim still holds: no other tells Medusa meanwhile, which would tell it twice.
      await sync()
      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeFalsy()
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).shipped_at).toBeNull()

      await pickupPoints.updatePickupPointShipments({ id: shipment.id, telling_medusa_until: new Date(Date.now() - 1_000) })
      await sync()

      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ shipped_at: expect.any(Date), telling_medusa_until: null })
    })

    it("lets a labelled fulfillment be cancelled once the carrier cancelled its shipment order, then the order", async () => {
      const { order, shipment, fulfillmentId } = await labelledShipment()
      const cancelFulfillment = () => api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/cancel`, {}, admin).catch(errorResponse)
      const refused = await cancelFulfillment()
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("Once the carrier reports it cancelled")

      // The carrier cancels it on its side; the sync tells Medusa's fulfillment.
      await network(shipment.order_reference_code!, "ST_0008")
      expect(await sync()).toMatchObject({ synced: 1, transitions: 1 })
      expect((await fulfillmentOf(fulfillmentId)).data).toMatchObject({ label_generated_at: expect.any(String), carrier_cancelled_at: expect.any(String) })
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).carrier_cancel_told_at).toBeTruthy()
      expect((await cancelFulfillment()).status).toBe(200)

      // "Fulfill items" again with the pickup-point option: no new label for a cancelled shipment order.
      const again = await api
        .post(
          `/admin/orders/${order.id}/fulfillments`,
          { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.location.id },
          admin
        )
        .catch(errorResponse)
      expect(again.status).toBe(400)
      expect(again.data.message).toContain(`The carrier reports the shipment order of ${shipment.order_number} as Cancelled`)
      const calls = (await control().get("/calls")).data.calls as { operation: string }[]
      expect(calls.filter((c) => c.operation === "generateLabel")).toHaveLength(1)

      // The order can be cancelled now; its shipment is recorded cancelled without a call the carrier would refuse.
      expect((await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)).status).toBe(200)
      await waitFor(async () => (await pickupPoints.retrievePickupPointShipment(shipment.id)).status === "cancelled")
      const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id, status: "cancelled" })
      expect(history.map((e) => e.message)).toEqual([`Order cancelled: the carrier reports shipment order ${shipment.order_reference_code} cancelled`])
      expect((await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "cancel")).toHaveLength(0)
    })

    it("leaves a shipped fulfillment as it is when the carrier cancels afterwards: Medusa does not cancel a shipped one", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      await network(shipment.order_reference_code!, "ST_0003")
      await sync()
      await network(shipment.order_reference_code!, "ST_0008")
      expect(await sync()).toMatchObject({ synced: 1, transitions: 1 })
      const fulfillment = await fulfillmentOf(fulfillmentId)
      expect(fulfillment.shipped_at).toBeTruthy()
      expect(fulfillment.data).not.toHaveProperty("carrier_cancelled_at")
      // Told all the same: the sync does not offer it again.
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).carrier_cancel_told_at).toBeTruthy()
    })

    it("tells Medusa of the others and announces every move when one order was cancelled behind the plugin's back; the next sync goes on", async () => {
      const refused = await labelledShipment()
      const told = await labelledShipment()
      // Medusa refuses to mark the first one shipped: its order was cancelled behind the plugin's back.
      await getContainer().resolve(Modules.ORDER).cancel(refused.order.id)
      for (const { shipment } of [refused, told]) await network(shipment.order_reference_code!, "ST_0003")

      await sync()
      expect((await fulfillmentOf(told.fulfillmentId)).shipped_at).toBeTruthy()
      expect((await fulfillmentOf(refused.fulfillmentId)).shipped_at).toBeFalsy()
      // Both moves are recorded, so both are announced, whatever Medusa made of them. (The scheduled sync, every
      // ten minutes, may run during the test and announce an earlier move of one of them too: hence the filter.)
      const shipped = emitted
        .filter((e) => e.name === PickupPointShipmentEvents.STATUS_CHANGED && e.data.tracking_status_code === "ST_0003")
        .map((e) => e.data.id)
      expect(shipped.sort()).toEqual([refused.shipment.id, told.shipment.id].sort())

      // The next sync goes on with the rest; the cancelled order's move is not offered to Medusa again: it
      // would refuse it on every run, and enough such moves would crowd out those it can take.
      await network(told.shipment.order_reference_code!, "ST_0006")
      expect((await pickupPoints.listUnappliedTransitions(100)).map((t) => t.shipment_id)).not.toContain(refused.shipment.id)
      const next = await sync()
      expect(next).toMatchObject({ synced: 2 })
      expect(next.error).toBeUndefined()
      expect(emitted.filter((e) => e.name === PickupPointShipmentEvents.READY_FOR_PICKUP).map((e) => e.data.id)).toEqual([told.shipment.id])
    })

    it("e-mails the code by itself once the parcel is ready at a point that asks for it, once per shipment", async () => {
      const { shipment } = await labelledShipment()
      const ref = shipment.order_reference_code!
      const emailsOf = async () => ((await control().get("/emails")).data.emails as { orderReferenceCode: string }[]).filter((e) => e.orderReferenceCode === ref)
      await network(ref, "ST_0005")
      await sync()
      expect(await emailsOf()).toHaveLength(0)

      await network(ref, "ST_0006")
      await sync()
      await waitFor(async () => ((await emailsOf()).length ? true : null))
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toEqual([
        expect.objectContaining({ actor_id: null, masked_email: "m***@example.com", confirmed: true }),
      ])
      // The event delivered again (a retried subscriber, another process), past the interval between sends
      // that would refuse it anyway: nothing more is sent.
      const [first] = await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })
      await pickupPoints.updatePickupPointVerificationCodeSends({ id: first.id, sent_at: new Date(Date.now() - 3_600_000) })
      const readyAgain = { event: { name: PickupPointShipmentEvents.READY_FOR_PICKUP, data: { id: shipment.id, order_id: shipment.order_id, status: shipment.status } }, container: getContainer(), pluginOptions: {} }
      await sendVerificationCodeWhenReady(readyAgain)
      expect(await emailsOf()).toHaveLength(1)
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toHaveLength(1)

      // A point that hands parcels over without a code gets no e-mail.
      const other = await labelledShipment()
      await pickupPoints.updatePickupPointShipments({ id: other.shipment.id, pickup_point: { ...other.shipment.pickup_point, requires_verification_code: false } })
      await sendVerificationCodeWhenReady({ ...readyAgain, event: { ...readyAgain.event, data: { ...readyAgain.event.data, id: other.shipment.id } } })
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: other.shipment.id })).toHaveLength(0)
    })

    it("sends, on the sweep, the code a parcel ready for pickup was owed: its event lost, or the carrier's send failed", async () => {
      const { shipment } = await labelledShipment()
      const ref = shipment.order_reference_code!
      const emailsOf = async () => ((await control().get("/emails")).data.emails as { orderReferenceCode: string }[]).filter((e) => e.orderReferenceCode === ref)
      const mine = new Set([shipment.id])
      // What a run did for this test's shipments (another test's parcel may be owed a code by now).
      const sweep = async () => {
        const { result } = await sendOwedVerificationCodesWorkflow(getContainer()).run({ input: {} })
        return { sent: result.sent.filter((id) => mine.has(id)), failed: result.failed.filter(({ id }) => mine.has(id)) }
      }
      // Ready for pickup, its event lost with its process (the move recorded, no event): nothing sent yet.
      const readySince = async (id: string, minutes: number) =>
        await pickupPoints.updatePickupPointShipments({
          id,
          tracking_stage: TRACKING_STAGES.ready_for_pickup,
          tracking_status_code: "ST_0006",
          tracking_updated_at: new Date(Date.now() - minutes * 60_000),
          ready_recorded_at: new Date(Date.now() - minutes * 60_000),
        })
      await readySince(shipment.id, 1)
      // Moments ago: the event's own send goes first.
      expect(await sweep()).toEqual({ sent: [], failed: [] })

      // Ten minutes on, the carrier down: not sent, and said so; nothing is kept that would stop a later run.
      await readySince(shipment.id, 11)
      await control().post("/faults", { operation: "sendVerificationCode", kind: "http_503", times: 10 })
      const down = await sweep()
      expect(down.sent).toEqual([])
      expect(down.failed).toEqual([{ id: shipment.id, message: expect.stringContaining("503") }])
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toHaveLength(0)
      await control().delete("/faults")
      // The next run backs off: ten minutes after the first failure, twenty after the second.
      expect(await sweep()).toEqual({ sent: [], failed: [] })
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const failedAgo = (minutes: number) =>
        db.raw(`UPDATE pickup_point_shipment SET verification_code_failed_at = now() - (? * interval '1 minute') WHERE id = ?`, [minutes, shipment.id])
      await failedAgo(11)
      // The carrier refusing the send is a failure to say and to try again too, not a parcel collected meanwhile.
      await control().post("/faults", { operation: "sendVerificationCode", kind: "reject", times: 1 })
      expect(await sweep()).toEqual({ sent: [], failed: [{ id: shipment.id, message: expect.stringContaining("did not send the verification code") }] })
      await control().delete("/faults")
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ verification_code_failures: 2 })
      await failedAgo(11)
      expect(await sweep()).toEqual({ sent: [], failed: [] })
      await failedAgo(21)

      // The carrier back: the next run sends it, once; the run after finds nothing owed.
      expect(await sweep()).toEqual({ sent: [shipment.id], failed: [] })
      expect(await emailsOf()).toHaveLength(1)
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toEqual([
        expect.objectContaining({ actor_id: null, confirmed: true }),
      ])
      expect(await sweep()).toEqual({ sent: [], failed: [] })
      expect(await emailsOf()).toHaveLength(1)

      // A point that hands parcels over without a code is owed none.
      const other = await labelledShipment()
      mine.add(other.shipment.id)
      await pickupPoints.updatePickupPointShipments({ id: other.shipment.id, pickup_point: { ...other.shipment.pickup_point, requires_verification_code: false } })
      await readySince(other.shipment.id, 11)
      expect(await sweep()).toEqual({ sent: [], failed: [] })
    })

    it("tries again, on the sweep, the code of a parcel whose ready status the plugin learned two days after the carrier's time", async () => {
      const { shipment } = await labelledShipment()
      const ref = shipment.order_reference_code!
      const emailsOf = async () => ((await control().get("/emails")).data.emails as { orderReferenceCode: string }[]).filter((e) => e.orderReferenceCode === ref)
      // The carrier's report says ready two days ago (the sync was away); the event's own send fails.
      await control().post("/faults", { operation: "sendVerificationCode", kind: "http_503", times: 10 })
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000)
      await applyTrackingUpdatesWorkflow(getContainer()).run({
        input: { updates: [{ shipment_id: shipment.id, status_code: "ST_0006", source: "sync" as const, occurred_at: twoDaysAgo }] },
      })
      await waitFor(async () => ((await pickupPoints.retrievePickupPointShipment(shipment.id)).verification_code_failures === 1 ? true : null))
      await control().delete("/faults")
      const ready = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect(new Date(ready.tracking_updated_at!).getTime()).toBe(twoDaysAgo.getTime())
      expect(Date.now() - new Date(ready.ready_recorded_at!).getTime()).toBeLessThan(60_000)

      // Eleven minutes on (past the first failure's wait), the sweep sends it: its day counts from the record, not the report.
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(
        `UPDATE pickup_point_shipment SET ready_recorded_at = now() - interval '11 minutes', verification_code_failed_at = now() - interval '11 minutes' WHERE id = ?`,
        [shipment.id]
      )
      const { result } = await sendOwedVerificationCodesWorkflow(getContainer()).run({ input: {} })
      expect(result.sent).toContain(shipment.id)
      expect(await emailsOf()).toHaveLength(1)
    })

    it("sends no code, and counts no failure, for a parcel collected between the sweep's list and its send", async () => {
      const { shipment } = await labelledShipment()
      // Collected at the point (the carrier's last word) after the sweep listed it as owed a code.
      await pickupPoints.updatePickupPointShipments({
        id: shipment.id,
        tracking_stage: TRACKING_STAGES.delivered,
        tracking_status_code: "ST_0007",
        tracking_status_description: "Picked up",
        tracking_updated_at: new Date(Date.now() - 15 * 60_000),
      })
      const outcome = await sendCodeWhenReady(getContainer(), shipment.id)
      expect(outcome).toEqual({ kind: "not_allowed", message: `Shipment ${shipment.id} is Picked up: no code is needed any more.` })
      expect((await control().get("/emails")).data.emails.filter((e: { orderReferenceCode?: string }) => e.orderReferenceCode === shipment.order_reference_code)).toEqual([])
      // Not a failure to back off from: nothing to try again.
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ verification_code_failures: 0, verification_code_failed_at: null })
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toEqual([])
    })

    it("sends the verification code within limits, and hands over only with the right code", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      const sent = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin)
      expect(sent.data.verification_code).toEqual({ sent_at: expect.any(String), masked_email: "m***@example.com", next_allowed_at: expect.any(String), left_today: 4 })
      const [email] = (await control().get("/emails")).data.emails
      expect(JSON.stringify(sent.data)).not.toContain(email.code)

      const tooSoon = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin).catch(errorResponse)
      expect(tooSoon.status).toBe(429)
      expect(tooSoon.headers["retry-after"]).toBeDefined()
      const [audit] = await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })
      expect(audit).toMatchObject({ masked_email: "m***@example.com", actor_id: expect.stringMatching(/^user_/) })

      // Ready for pickup after the admin sent the code (an hour before, as it were): it is not sent again by itself.
      await pickupPoints.updatePickupPointVerificationCodeSends({ id: audit.id, sent_at: new Date(Date.now() - 3_600_000) })
      await network(shipment.order_reference_code!, "ST_0006")
      await sync()
      await sendVerificationCodeWhenReady({
        event: { name: PickupPointShipmentEvents.READY_FOR_PICKUP, data: { id: shipment.id, order_id: shipment.order_id, status: shipment.status } },
        container: getContainer(),
        pluginOptions: {},
      })
      expect((await control().get("/emails")).data.emails).toHaveLength(1)

      const missing = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, {}, admin).catch(errorResponse)
      expect(missing.status).toBe(400)
      expect(missing.data.message).toContain("verification_code is required")
      const wrongCode = email.code === "000000" ? "111111" : "000000"
      const wrong = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, { verification_code: wrongCode }, admin).catch(errorResponse)
      expect(wrong.status).toBe(400)
      expect(wrong.data.message).toContain("The verification code is wrong")
      expect((await fulfillmentOf(fulfillmentId)).delivered_at).toBeFalsy()

      const handedOver = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, { verification_code: email.code }, admin)
      expect(handedOver.data.shipment).toMatchObject({ tracking_status_code: "ST_0007", tracking_stage: 60 })
      expect((await fulfillmentOf(fulfillmentId)).delivered_at).toBeTruthy()
      expect(JSON.stringify(handedOver.data)).not.toContain(email.code)
      expect(JSON.stringify(emitted)).not.toContain(email.code)
    })

    it("checks one shipment with the carrier when the admin asks, before the next sync; refuses one no longer followed", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      await network(shipment.order_reference_code!, "ST_0003")
      await network(shipment.order_reference_code!, "ST_0005")
      const before = Date.now()
      const checked = await api.post(`/admin/pickup-point/shipments/${shipment.id}/sync`, {}, admin)
      expect(checked.data.shipment).toMatchObject({ tracking_status_code: "ST_0005", tracking_stage: TRACKING_STAGES.at_pickup_point })
      expect(new Date(checked.data.shipment.last_synced_at).getTime()).toBeGreaterThanOrEqual(before - 1_000)
      // Medusa was told as by the sync: the fulfillment is shipped.
      expect((await fulfillmentOf(fulfillmentId)).shipped_at).toBeTruthy()

      await network(shipment.order_reference_code!, "ST_0006")
      await network(shipment.order_reference_code!, "ST_0007")
      expect((await api.post(`/admin/pickup-point/shipments/${shipment.id}/sync`, {}, admin)).data.shipment).toMatchObject({ tracking_stage: TRACKING_STAGES.delivered })
      // Picked up is final: nothing more to ask the carrier, and it is not asked.
      const statusCalls = async () => (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "status").length
      const callsBefore = await statusCalls()
      const final = await api.post(`/admin/pickup-point/shipments/${shipment.id}/sync`, {}, admin).catch(errorResponse)
      expect(final.status).toBe(400)
      expect(final.data.message).toContain("is not followed by tracking")
      expect(await statusCalls()).toBe(callsBefore)

      // An order the carrier no longer reports: its words, and the shipment not counted as synced.
      const other = (await labelledShipment()).shipment
      await control().delete(`/orders/${other.order_reference_code}`)
      const unreported = await api.post(`/admin/pickup-point/shipments/${other.id}/sync`, {}, admin).catch(errorResponse)
      expect(unreported.status).toBe(400)
      expect(unreported.data.message).toBe(`The carrier did not report shipment order ${other.order_reference_code}: Order not found`)
      expect((await pickupPoints.retrievePickupPointShipment(other.id)).last_synced_at).toBeNull()
    })

    it("shows, with the carrier's refusal of a code send, that the parcel was collected meanwhile", async () => {
      const { shipment, fulfillmentId } = await labelledShipment()
      // Ready and collected at the point between two syncs: the plugin still has the parcel at its label.
      await network(shipment.order_reference_code!, "ST_0006")
      await network(shipment.order_reference_code!, "ST_0007")
      expect((await shipmentView(shipment.id)).tracking_stage).toBeLessThan(TRACKING_STAGES.ready_for_pickup)

      const refused = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin).catch(errorResponse)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("has already been picked up")
      // The refusal brought the carrier's status: the admin sees the pickup now, and Medusa has the delivery.
      expect(await shipmentView(shipment.id)).toMatchObject({ tracking_status_code: "ST_0007", tracking_stage: TRACKING_STAGES.delivered })
      expect((await fulfillmentOf(fulfillmentId)).delivered_at).toBeTruthy()
      // The refused send is not counted against the limits.
      expect(await pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id })).toEqual([])
    })

    it("records other tracking updates from the admin and keeps unknown codes without error", async () => {
      const { shipment } = await labelledShipment()
      const updated = await api.post(`/admin/pickup-point/shipments/${shipment.id}/tracking`, { status_code: "ST0005", status_description: "At our shop" }, admin)
      expect(updated.data.shipment).toMatchObject({ tracking_status_code: "ST_0005", tracking_stage: 40 })

      const handoverHere = await api
        .post(`/admin/pickup-point/shipments/${shipment.id}/tracking`, { status_code: "ST_0007", status_description: "x" }, admin)
        .catch(errorResponse)
      expect(handoverHere.status).toBe(400)

      await network(shipment.order_reference_code!, "ST_0042")
      expect(await sync()).toMatchObject({ calls: 1, transitions: 0 })
      const view = await shipmentView(shipment.id)
      // The app's own tracking job (every 10 minutes) may have read the carrier's label status (ST_0002) meanwhile.
      const codes = view.tracking.map((t: { status_code: string }) => t.status_code).filter((code: string) => code !== "ST_0002")
      expect(codes).toEqual(["ST_0005", "ST_0042"])
      expect(view.tracking_status_code).toBe("ST_0005")
    })
  },
})
