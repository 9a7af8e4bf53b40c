import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { Modules } from "@medusajs/framework/utils"
import { advanceDueShipmentsWorkflow, sweepCancelledOrdersWorkflow, sweepUnrecordedOrdersWorkflow, syncTrackingWorkflow } from "../../src/workflows"
import { LOST_CANCEL_NOTE } from "../../src/workflows/steps/sweep-cancelled-orders"
import { HISTORY_MESSAGES } from "../../src/modules/pickup-point/lib/history-messages"
import { errorResponse } from "../helpers/error-response"
import { DUOMO_POINT } from "../helpers/catalog-points"
import { freshStore } from "../helpers/fresh-store"
import { fulfillOrder } from "../helpers/fulfill-order"
import { PLUGIN_API_KEY, setDeliveryMerchantKey, useSandboxForApp } from "../helpers/sandbox-env"
import { waitFor, type SeededStore } from "../helpers/seed-store"
import { checkoutThroughStoreApi, type PlacedOrder } from "../helpers/store-checkout"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp()
const control = () => sandbox.control

const POINT = DUOMO_POINT

/* Each case reproduces a defect of the shipment lifecycle under crashes, faults and races (issue 12). */
medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: { authorization: string } }
    let pickupPoints: PickupPointModuleService

    beforeEach(async () => {
      ;({ store, admin, pickupPoints } = await freshStore(getContainer(), api, control(), POINT))
    })

    const checkout = () => checkoutThroughStoreApi(api, store)
    const shipmentOf = (orderId: string, ready: (s: { status: string; cancel_requested_at: unknown }) => boolean) =>
      waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
        return shipment && ready(shipment) ? shipment : null
      })
    const onService = async (orderNumber: string) =>
      ((await control().get("/orders")).data.orders as { request: { orderNumber: string }; orderReferenceCode: string; cancelledAt?: string; label?: unknown }[]).filter(
        (o) => o.request.orderNumber === orderNumber
      )
    const advance = () => advanceDueShipmentsWorkflow(getContainer()).run({ input: {} })
    const fault = async (operation: string, kind: string, times: number) => {
      const answer = await control().post("/faults", { operation, kind, times })
      expect(answer.status).toBe(201)
    }
    const fulfil = (order: PlacedOrder) =>
      api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id }, admin)

    it("records, on the sweep, a placed order whose shipment record was lost, and looks it up before creating it", async () => {
      const order = await checkout()
      const first = await shipmentOf(order.id, (s) => s.status === "ready")
      // The record is lost (as when order.placed dies with its process) after the order reached the service.
      await pickupPoints.softDeletePickupPointShipments(first.id)

      const { result } = await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1 } })
      expect(result.recorded).toEqual([order.id])
      const recovered = await shipmentOf(order.id, (s) => s.status === "ready")
      expect(recovered.id).not.toBe(first.id)
      expect(recovered.order_reference_code).toBe(first.order_reference_code)
      expect(await onService(`TEST-${order.display_id}`)).toHaveLength(1)

      // A second sweep finds nothing left to record.
      const again = await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1 } })
      expect(again.result.recorded).toEqual([])
    })

    it("goes on, on the sweep, past an order it cannot record, and tries that one again every run", async () => {
      const blocked = await checkout()
      const other = await checkout()
      const lost = [await shipmentOf(blocked.id, (s) => s.status === "ready"), await shipmentOf(other.id, (s) => s.status === "ready")]
      await pickupPoints.softDeletePickupPointShipments(lost.map((s) => s.id))
      // Another order's shipment holds the first one's order number: recording it fails every time.
      const squatter = await pickupPoints.recordShipmentIntent({
        order_id: "order_elsewhere",
        order_number: `TEST-${blocked.display_id}`,
        pickup_point_code: POINT.code,
        pickup_point: null,
        request: null,
        problem: "A shipment of another store",
      })
      // One new order a run: the order after the blocked one is reached only if the cursor goes past it.
      const sweep = async () => (await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1, limit: 1 } })).result

      expect(await sweep()).toMatchObject({ recorded: [], failed: [blocked.id] })
      expect(await sweep()).toMatchObject({ recorded: [other.id], failed: [blocked.id] })
      expect(await sweep()).toMatchObject({ recorded: [], failed: [blocked.id] })
      // Its cause fixed, the next run records it (or the app's own every-minute sweep, if it ran in between),
      // and the one after has nothing left to try.
      await pickupPoints.softDeletePickupPointShipments(squatter.shipment.id)
      expect(await sweep()).toMatchObject({ failed: [] })
      expect(await pickupPoints.listPickupPointShipments({ order_id: blocked.id })).toHaveLength(1)
      expect(await sweep()).toMatchObject({ looked_at: 0, recorded: [], failed: [] })
      expect((await pickupPoints.retrieveOrderSweep()).retry_ids).toEqual([])
    })

    it("records nothing, on the sweep, for an order cancelled before its shipment was recorded", async () => {
      const order = await checkout()
      const first = await shipmentOf(order.id, (s) => s.status === "ready")
      await pickupPoints.softDeletePickupPointShipments(first.id)
      // Cancelled while it had no record: the order.canceled subscriber finds nothing to cancel.
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)

      const { result } = await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1 } })
      expect(result.recorded).toEqual([])
      expect(await pickupPoints.listPickupPointShipments({ order_id: order.id })).toEqual([])
    })

    it("records nothing, on the sweep, for a draft order that would ship to a pickup point, and records it once converted", async () => {
      // An admin's draft: not placed, so no shipment order may reach the carrier for it.
      const {
        data: { draft_order },
      } = await api.post(
        "/admin/draft-orders",
        {
          region_id: store.region.id,
          sales_channel_id: store.salesChannel.id,
          email: "draft@example.com",
          shipping_address: { first_name: "Mario", last_name: "Rossi", address_1: "Via Roma 1", city: "Milano", postal_code: "20121", country_code: "it", phone: "+39 333 1234567" },
          items: [{ variant_id: store.variant.id, quantity: 1 }],
          shipping_methods: [{ name: "Pickup point", shipping_option_id: store.shippingOption.id, amount: 4.9, data: { pickup_point_code: POINT.code } }],
        },
        admin
      )
      const ordersBefore = (await control().get("/orders")).data.orders.length

      const { result } = await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1 } })
      expect(result.looked_at).toBeGreaterThan(0)
      expect(result.recorded).toEqual([])
      expect(result.drafts).toEqual([draft_order.id])
      expect(await pickupPoints.listPickupPointShipments({ order_id: draft_order.id })).toEqual([])
      expect((await control().get("/orders")).data.orders).toHaveLength(ordersBefore)

      // Converted later, its order.placed event lost with its process: the sweep's cursor is past it, the sweep still records it.
      // Medusa marks a draft's items as needing shipping only for variants with managed inventory, which this store's have not:
      // the parcel holds them all the same.
      expect((await getContainer().resolve(Modules.ORDER).listOrderLineItems({ id: draft_order.items[0].id }))[0].requires_shipping).toBe(false)
      await api.post(`/admin/draft-orders/${draft_order.id}/convert-to-order`, {}, admin)
      const placed = await shipmentOf(draft_order.id, (s) => s.status === "ready")
      await pickupPoints.softDeletePickupPointShipments(placed.id)
      const { result: again } = await sweepUnrecordedOrdersWorkflow(getContainer()).run({ input: { grace_ms: 0, lookback_days: 1 } })
      expect(again.drafts).toEqual([])
      // Recorded by this sweep, or by the app's own sweep job (every minute) if it ran first, which may still be
      // recording it when this sweep returns (CI saw none listed right after): once either way.
      const recorded = await waitFor(async () => {
        const found = await pickupPoints.listPickupPointShipments({ order_id: draft_order.id })
        return found.length ? found : null
      })
      expect(recorded).toHaveLength(1)
      expect(recorded[0].id).not.toBe(placed.id)
      expect(again.recorded).toEqual(again.recorded.length ? [draft_order.id] : [])
      await advance()
      await shipmentOf(draft_order.id, (s) => s.status === "ready")
      // Looked up on the service before it was created: one shipment order, never a second.
      expect((await control().get("/orders")).data.orders).toHaveLength(ordersBefore + 1)
    })

    it("cancels, on the sweep, the shipment order of an order whose order.canceled event was lost", async () => {
      const kept = await checkout()
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      await shipmentOf(kept.id, (s) => s.status === "ready")
      // The Order Module's own cancel: the order is cancelled, and no event is emitted, as when the process died before it.
      await getContainer().resolve(Modules.ORDER).cancel(order.id)
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "ready", cancel_requested_at: null })

      const sweep = (grace_ms: number) => sweepCancelledOrdersWorkflow(getContainer()).run({ input: { batch_size: 1, grace_ms } })
      // Just cancelled: its event may still be on its way to the subscriber.
      expect((await sweep(60_000)).result.requested).toEqual([])
      const { result } = await sweep(0)
      expect(result.requested).toEqual([shipment.id])
      expect(result.looked_at).toBeGreaterThanOrEqual(2)
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ last_error: LOST_CANCEL_NOTE })
      await advance()
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "cancelled", cancel_requested_at: null })
      expect((await onService(`TEST-${order.display_id}`))[0].cancelledAt).toBeTruthy()
      expect((await onService(`TEST-${kept.display_id}`))[0].cancelledAt).toBeFalsy()

      // Nothing is owed any more.
      expect((await sweep(0)).result.requested).toEqual([])
    })

    it("keeps a cancel the service cannot take while importing, and carries it out once the order is imported", async () => {
      await control().patch("/settings", { importDelayMs: 3_000 })
      const order = await checkout()
      await shipmentOf(order.id, (s) => s.status === "awaiting_import")

      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      const requested = await shipmentOf(order.id, (s) => !!s.cancel_requested_at)
      expect(requested.status).toBe("awaiting_import")

      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await advance()
      expect((await shipmentOf(order.id, () => true)).status).toBe("cancelled")
      const [sent] = await onService(`TEST-${order.display_id}`)
      expect(sent.cancelledAt).toBeTruthy()
    })

    it.each([
      ["refused", "reject"],
      ["answered unreadably", "malformed"],
    ])("records a cancel the carrier carried out though its answer was lost and the repeat %s", async (_, repeat) => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      // The first attempt cancels and its answer is lost; the client's repeat is refused (as a service may refuse
      // to cancel a cancelled order) or cannot be read, then its status is asked.
      await fault("cancel", "commit_then_drop", 1)
      await fault("cancel", repeat, 1)

      const { data } = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin)

      expect(data.shipment).toMatchObject({ status: "cancelled" })
      const [sent] = await onService(`TEST-${order.display_id}`)
      expect(sent.cancelledAt).toBeTruthy()
      const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id })
      expect(history.map((event) => event.message)).toContainEqual(
        expect.stringContaining(`the carrier reports shipment order ${shipment.order_reference_code} cancelled`)
      )
    })

    it("finds the label the service made when every answer to generateLabel was lost", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      await fault("generateLabel", "commit_then_drop", 10)

      const fulfilled = await fulfil(order)
      expect(fulfilled.status).toBe(200)
      const labelled = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect(labelled).toMatchObject({ status: "label_generated", label_requested_at: null })
      const pdf = await api.get(`/admin/pickup-point/shipments/${shipment.id}/label`, { ...admin, responseType: "arraybuffer" })
      expect(Buffer.from(pdf.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    })

    it("refuses a cancel after a label whose answer was lost; with the order cancelled, asks until the carrier voids the label", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      // Every answer lost, and the service cannot be asked about it either: "Fulfill items" fails and is undone.
      await fault("generateLabel", "commit_then_drop", 10)
      await fault("status", "http_503", 10)
      const fulfilled = await fulfil(order).catch(errorResponse)
      expect(fulfilled.status).toBeGreaterThanOrEqual(400)
      await control().delete("/faults")

      const cancel = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch(errorResponse)
      expect(cancel.status).toBe(400)
      expect(cancel.data.message).toContain("made its label although the answer was lost")
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).status).toBe("ready")
      const [sent] = await onService(`TEST-${order.display_id}`)
      expect(sent.cancelledAt).toBeFalsy()

      // The order is cancelled in Medusa (no fulfillment stands): the cancel is owed, kept, and says what to do.
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      const requested = await shipmentOf(order.id, (s) => !!s.cancel_requested_at)
      expect(requested.status).toBe("ready")
      expect(requested.last_error).toContain("Ask the carrier to void the label")
      // The admin's own cancel of it says the same, not to fulfil a cancelled order.
      const again = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch(errorResponse)
      expect(again.status).toBe(400)
      expect(again.data.message).toContain("Ask the carrier to void the label")
      await advance()
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "ready", cancel_requested_at: expect.any(Date) })

      // The carrier voids it on its side: the next try finds it cancelled there, and records it.
      expect((await control().post(`/orders/${sent.orderReferenceCode}/tracking`, { statusCode: "ST_0008" })).status).toBe(200)
      await advance()
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "cancelled", cancel_requested_at: null })
      const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id, status: "cancelled" })
      expect(history.map((e) => e.message)).toEqual([`Order cancelled: the carrier reports shipment order ${sent.orderReferenceCode} cancelled`])
    })

    it("retries a refused create a few times before calling it failed, and counts failures on the health page", async () => {
      // Runs the retry job until the shipment settles (the job may find it still held by the subscriber).
      const settle = (orderId: string) =>
        waitFor(async () => {
          await advance()
          const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
          return shipment && !["pending", "creating", "unknown", "awaiting_import"].includes(shipment.status) ? shipment : null
        })

      await fault("create", "reject", 2)
      const order = await checkout()
      expect(await settle(order.id)).toMatchObject({ status: "ready", create_attempts: 3 })

      await fault("create", "reject", 10)
      const refused = await checkout()
      const failed = await settle(refused.id)
      expect(failed).toMatchObject({ status: "failed", create_attempts: 3 })
      expect(failed.last_error).toContain("rejected")
      const health = await api.get("/admin/pickup-point/health", admin)
      expect(health.data.failed_shipments).toBe(1)
    })

    it("keeps a create refused for the credentials pending, and creates it once they pass again, at once after the check", async () => {
      // The key is rotated on the service: every create is refused with 401 until the store's key matches again.
      await setDeliveryMerchantKey(control(), "rotated-key")
      const order = await checkout()
      const waiting = await waitFor(async () => {
        const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })
        return shipment?.status === "pending" && shipment.last_error ? shipment : null
      })
      expect(waiting.last_error).toContain("refused the credentials")
      await advance()
      expect(await pickupPoints.retrievePickupPointShipment(waiting.id)).toMatchObject({ status: "pending" })

      await setDeliveryMerchantKey(control(), PLUGIN_API_KEY)
      // The backoff its tries reached is cut short once the credentials check passes.
      await pickupPoints.updatePickupPointShipments({ id: waiting.id, next_attempt_at: new Date(Date.now() + 3_600_000) })
      expect((await api.get("/admin/pickup-point/health/credentials", admin)).data).toMatchObject({ ok: true, shipments_due_now: 1 })
      expect((await pickupPoints.retrievePickupPointShipment(waiting.id)).next_attempt_at).toBeNull()
      // A refusal after them counts as the first, not as the last of a budget the refused credentials spent.
      await fault("create", "reject", 1)
      await advance()
      expect(await pickupPoints.retrievePickupPointShipment(waiting.id)).toMatchObject({ status: "pending", retry_count: 1 })
      const created = await waitFor(async () => {
        await advance()
        const shipment = await pickupPoints.retrievePickupPointShipment(waiting.id)
        return shipment.status === "ready" ? shipment : null
      })
      expect(await onService(`TEST-${order.display_id}`)).toEqual([expect.objectContaining({ orderReferenceCode: created.order_reference_code })])
    })

    it("looks a refused repeat create up: an earlier attempt whose answer was lost had made the order", async () => {
      const settled = (orderId: string) =>
        waitFor(async () => {
          await advance()
          const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId })
          return shipment && ["ready", "failed"].includes(shipment.status) ? shipment : null
        })
      // The first create makes the order and its answer is lost; the look-up misses it (as a service that lists an
      // order only once imported would); the repeat is refused, as a service refuses a second order of that number.
      await fault("create", "commit_then_drop", 1)
      await fault("getIdentifier", "not_found", 1)
      await fault("create", "reject", 1)
      const order = await checkout()
      const shipment = await settled(order.id)
      const made = await onService(`TEST-${order.display_id}`)
      expect(made).toHaveLength(1)
      expect(shipment).toMatchObject({ status: "ready", order_reference_code: made[0].orderReferenceCode })
      const history = await pickupPoints.listPickupPointShipmentEvents({ shipment_id: shipment.id })
      expect(history.map((event) => event.message)).toContain(HISTORY_MESSAGES.foundAfterRefusal)

      // Every look-up misses it and every repeat is refused: failed, with the order live on the service. The
      // order's cancel looks it up again and cancels it there, rather than recording a cancel it never made.
      await fault("create", "commit_then_drop", 1)
      await fault("getIdentifier", "not_found", 3)
      await fault("create", "reject", 10)
      const lost = await checkout()
      const failed = await settled(lost.id)
      expect(failed).toMatchObject({ status: "failed", order_reference_code: null, create_attempts: 3 })
      await control().delete("/faults")
      const [live] = await onService(`TEST-${lost.display_id}`)
      expect(live.cancelledAt).toBeFalsy()

      expect((await api.post(`/admin/orders/${lost.id}/cancel`, {}, admin)).status).toBe(200)
      const cancelled = await shipmentOf(lost.id, (s) => s.status === "cancelled")
      expect(cancelled).toMatchObject({ order_reference_code: live.orderReferenceCode })
      const [after] = await onService(`TEST-${lost.display_id}`)
      expect(after.cancelledAt).toBeTruthy()
    })

    it("refuses a second 'Fulfill items' made at the same time: one labelled fulfillment, the shipment stays with it", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      const answers = await Promise.all([fulfil(order).catch(errorResponse), fulfil(order).catch(errorResponse)])
      expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)])
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      // The carrier was asked once: a STORAGE merchant's point would be told twice.
      const calls = (await control().get("/calls")).data.calls as { operation: string }[]
      expect(calls.filter((c) => c.operation === "generateLabel")).toHaveLength(1)

      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      const standing = after.fulfillments.filter((f: { canceled_at: string | null }) => !f.canceled_at)
      expect(standing).toHaveLength(1)
      expect(standing[0].labels).toHaveLength(1)
      expect((await pickupPoints.retrievePickupPointShipment(shipment.id)).fulfillment_id).toBe(standing[0].id)
    })

    it("asks the carrier once while a label is being made: a second 'Fulfill items' meanwhile is told to wait", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      const [item] = order.items
      expect(item.quantity).toBe(2)
      const fulfilOne = () =>
        api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: item.id, quantity: 1 }], location_id: store.location.id }, admin).catch(errorResponse)
      const labelCalls = async () => (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "generateLabel").length
      // The first label call hangs until the client's label deadline; the client then asks again.
      await fault("generateLabel", "timeout", 1)
      const first = fulfilOne()
      await waitFor(async () => (await labelCalls()) === 1 || null)

      // Both units pass Medusa's own checks; the second must not ask the carrier while the first does.
      const second = await fulfilOne()
      expect(second.status).toBe(409)
      expect(second.data.message).toBe(
        `The shipment order of TEST-${order.display_id} is being worked on (a label for another fulfillment, a cancel or a tracking update): ` +
          "wait a minute and reload the order; fulfil it again only if it still has no label."
      )
      expect([200, 202]).toContain((await first).status)
      const labelled = await shipmentOf(order.id, (s) => (s as { status: string }).status === "label_generated")
      // The hung call and the client's own retry: the second fulfillment never called.
      expect(await labelCalls()).toBe(2)
      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, admin)
      const standing = after.fulfillments.filter((f: { canceled_at: string | null }) => !f.canceled_at)
      expect(standing.map((f: { id: string }) => f.id)).toEqual([(labelled as { fulfillment_id: string }).fulfillment_id])
      expect(shipment.id).toBe((labelled as { id: string }).id)
    })

    it("lets 'Fulfill items' take over a shipment whose recorded fulfillment was undone after its label", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      // As a failure after the label's record leaves it: Medusa's workflow undid the fulfillment, the shipment still names it.
      const undoneLabel = await pickupPoints.storeLabelPdf(shipment.id, Buffer.from("%PDF-1.7 undone").toString("base64"))
      await pickupPoints.updatePickupPointShipments({ id: shipment.id, status: "label_generated", fulfillment_id: "ful_undone", label_file_id: undoneLabel })
      // The carrier collects the parcel meanwhile: the sync has no fulfillment to tell, and remembers it as told.
      await pickupPoints.recordTrackingUpdates([{ shipment_id: shipment.id, status_code: "ST_0003", source: "webhook" }])
      await syncTrackingWorkflow(getContainer()).run({ input: {} })
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ shipped_at: expect.any(Date) })

      expect((await fulfil(order)).status).toBe(200)
      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      const [fulfillment] = after.fulfillments.filter((f: { canceled_at: string | null }) => !f.canceled_at)
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "label_generated", fulfillment_id: fulfillment.id })
      expect(fulfillment.labels).toHaveLength(1)
      // The copy the undone fulfillment had is let go; the shipment keeps the one it got again.
      const kept = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect((await pickupPoints.listPickupPointLabels({ shipment_id: shipment.id }, { select: ["id"] })).map((l) => l.id)).toEqual([kept.label_file_id])
      expect(kept.label_file_id).not.toBe(undoneLabel)
      // Asked again for the same order, the service gave the same label: one order, never a second.
      expect(await onService(`TEST-${order.display_id}`)).toHaveLength(1)
      // The fulfillment that took the shipment over is told the parcel left by the next sync.
      await syncTrackingWorkflow(getContainer()).run({ input: {} })
      const {
        data: { order: shipped },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, admin)
      expect(shipped.fulfillments.find((f: { id: string }) => f.id === fulfillment.id).shipped_at).toBeTruthy()
    })

    it("labels only a fulfillment with the pickup-point option, and refuses a second one before asking the carrier again", async () => {
      const order = await checkout()
      const shipment = await shipmentOf(order.id, (s) => s.status === "ready")
      const [item] = order.items
      expect(item.quantity).toBe(2)
      const fulfilOne = (optionId: string) =>
        api
          .post(
            `/admin/orders/${order.id}/fulfillments`,
            { items: [{ id: item.id, quantity: 1 }], location_id: store.location.id, shipping_option_id: optionId },
            admin
          )
          .catch(errorResponse)
      const labelCalls = async () => (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "generateLabel").length

      // Another option for the pickup-point items while the carrier holds their shipment order: it would stay live for good.
      const elsewhere = await fulfilOne(store.homeDeliveryOption.id)
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.data.message).toBe(
        `The items of order TEST-${order.display_id} ship to pickup point ${POINT.code}, and its shipment order is not cancelled. ` +
          'Fulfil them with the pickup-point option, or cancel the shipment order first ("Cancel shipment order") to ship them another way.'
      )

      expect((await fulfilOne(store.shippingOption.id)).status).toBe(200)
      const labelled = await pickupPoints.retrievePickupPointShipment(shipment.id)
      expect(labelled).toMatchObject({ status: "label_generated", fulfillment_id: expect.any(String) })
      expect(await labelCalls()).toBe(1)

      // The rest of the order with the pickup-point option again: one parcel, whose label cannot be cancelled.
      const second = await fulfilOne(store.shippingOption.id)
      expect(second.status).toBe(400)
      expect(second.data.message).toBe(
        `The shipment order of TEST-${order.display_id} already belongs to fulfillment ${labelled.fulfillment_id}, whose label the carrier does not let cancel: ` +
          "the order ships to its pickup point as one parcel, which holds all its items. Put these items in that parcel " +
          "before it is handed over, and record their fulfillment with another shipping option (no second label is made)."
      )
      expect(await labelCalls()).toBe(1)

      // With another option, Medusa's own route fulfils it: no label, the shipment stays with the first fulfillment.
      expect((await fulfilOne(store.homeDeliveryOption.id)).status).toBe(200)
      const {
        data: { order: after },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      const standing = after.fulfillments.filter((f: { canceled_at: string | null }) => !f.canceled_at)
      expect(standing).toHaveLength(2)
      expect(standing.find((f: { id: string }) => f.id !== labelled.fulfillment_id).labels).toEqual([])
      expect(await pickupPoints.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "label_generated", fulfillment_id: labelled.fulfillment_id })
      expect(await labelCalls()).toBe(1)
    })

    it("answers a conflict with what is under way, not Medusa's generic text", async () => {
      const order = await checkout()
      await shipmentOf(order.id, (s) => s.status === "ready")
      await fulfillOrder(api, admin, store, order)
      const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })
      // Another request (the tracking sync, say) holds the shipment.
      const claim = await pickupPoints.claimShipment(shipment.id, 60_000)
      expect(claim).not.toBeNull()
      const handover = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, {}, admin).catch(errorResponse)
      await pickupPoints.releaseShipmentClaim(shipment.id, claim!.owner)
      expect(handover.status).toBe(409)
      expect(handover.data).toEqual({
        code: "invalid_state_error",
        type: "conflict",
        message: `Shipment ${shipment.id} is being updated by another request; reload it and try again.`,
      })
      // A shipment that is not there is not a conflict.
      const unknown = await api.post("/admin/pickup-point/shipments/pushp_01UNKNOWN0000000000000000/handover", {}, admin).catch(errorResponse)
      expect(unknown.status).toBe(404)
    })

    it("makes concurrent once-only actions happen once: code sends, handovers, point creates and webhooks", async () => {
      const order = await checkout()
      const ready = await shipmentOf(order.id, (s) => s.status === "ready")
      // Before the label the point can still change, and the code with it: nothing is sent yet.
      const early = await api.post(`/admin/pickup-point/shipments/${ready.id}/verification-code`, {}, admin).catch(errorResponse)
      expect(early.status).toBe(400)
      expect(early.data.message).toBe(`Shipment ${ready.id} is ready: there is no parcel to hand over yet. The code can be sent once the parcel has its label (or confirmation).`)
      expect((await control().get("/emails")).data.emails).toHaveLength(0)
      await fulfillOrder(api, admin, store, order)
      const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })

      const sends = await Promise.all([1, 2, 3].map(() => api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin).catch(errorResponse)))
      expect(sends.map((s) => s.status).sort()).toEqual([200, 429, 429])
      expect((await control().get("/emails")).data.emails).toHaveLength(1)

      const handovers = await Promise.all([1, 2].map(() => api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, {}, admin).catch(errorResponse)))
      expect(handovers.filter((h) => h.status === 200)).toHaveLength(1)
      expect(handovers.filter((h) => h.status !== 200)[0].status).toBeGreaterThanOrEqual(400)
      const calls = (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "updateTracking")
      expect(calls).toHaveLength(1)

      const point = { ...POINT, code: "PP-RACE-1" }
      const creates = await Promise.all([1, 2, 3].map(() => api.post("/admin/pickup-points", point, admin).catch(errorResponse)))
      expect(creates.map((c) => c.status).sort()).toEqual([201, 422, 422])

      const body = { trackingNumber: shipment.tracking_number, statusCode: "ST_0003", statusDescription: "Collected", orderReferencecode: shipment.order_reference_code }
      const deliveries = await Promise.all(
        Array.from({ length: 12 }, () => api.post("/hooks/pickup-point", body, { headers: { "x-api-key": "sandbox-delivery-key" } }).catch(errorResponse))
      )
      expect(deliveries.every((d) => d.status === 200)).toBe(true)
      expect(deliveries.filter((d) => d.data.verdict !== "duplicate")).toHaveLength(1)
    })

    it("keeps a code send and a handover whose answers were lost, so that neither is sent twice", async () => {
      const order = await checkout()
      await shipmentOf(order.id, (s) => s.status === "ready")
      await fulfillOrder(api, admin, store, order)
      const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })

      await fault("sendVerificationCode", "commit_then_drop", 1)
      const sent = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin)
      expect(sent.data.verification_code).toMatchObject({ confirmed: false, masked_email: "m***@example.com" })
      // The order page's timeline says so once, on the send itself.
      const { timeline } = (await api.get(`/admin/pickup-point/shipments/${shipment.id}/overview`, admin)).data
      expect(timeline.filter((entry: { kind: string }) => entry.kind === "verification_code")).toEqual([
        expect.objectContaining({ confirmed: false, masked_email: "m***@example.com" }),
      ])
      expect(timeline.filter((entry: { message?: string }) => /verification code/i.test(entry.message ?? ""))).toEqual([])
      const again = await api.post(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, admin).catch(errorResponse)
      expect(again.status).toBe(429)
      expect((await control().get("/emails")).data.emails).toHaveLength(1)

      await fault("updateTracking", "commit_then_drop", 1)
      const handover = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, {}, admin)
      expect(handover.data.shipment).toMatchObject({ tracking_status_code: "ST_0007", tracking_stage: 60 })
      const retried = await api.post(`/admin/pickup-point/shipments/${shipment.id}/handover`, {}, admin).catch(errorResponse)
      expect(retried.status).toBe(400)
      const calls = (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "updateTracking")
      expect(calls).toHaveLength(1)
    })

    it("answers a redelivery as a duplicate only once the first was applied, and hears a body sent as octet-stream", async () => {
      const order = await checkout()
      await shipmentOf(order.id, (s) => s.status === "ready")
      await fulfillOrder(api, admin, store, order)
      const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id })
      const headers = { "x-api-key": "sandbox-delivery-key" }

      // Not applied the first time (no such order yet): its redelivery is processed again, not a "duplicate".
      const unknownBody = { statusCode: "ST_0003", statusDescription: "Collected", orderReferencecode: "SO_NOT_YET" }
      expect((await api.post("/hooks/pickup-point", unknownBody, { headers })).status).toBe(202)
      expect((await api.post("/hooks/pickup-point", unknownBody, { headers })).status).toBe(202)

      const raw = JSON.stringify({ statusCode: "ST_0003", statusDescription: "Collected", orderReferencecode: shipment.order_reference_code })
      const octet = { headers: { ...headers, "content-type": "application/octet-stream" } }
      const applied = await api.post("/hooks/pickup-point", raw, octet)
      expect(applied.data).toMatchObject({ verdict: "applied" })
      const redelivered = await api.post("/hooks/pickup-point", raw, octet)
      expect(redelivered.data).toMatchObject({ verdict: "duplicate" })
    })

    it("follows only the moves the lifecycle allows: no delivery before the label, no report backwards", async () => {
      const order = await checkout()
      const ready = await shipmentOf(order.id, (s) => s.status === "ready")
      const headers = { "x-api-key": "sandbox-delivery-key" }

      // An early "picked up" is recorded, but moves nothing while the parcel has no label.
      const early = await api.post("/hooks/pickup-point", { statusCode: "ST_0007", statusDescription: "Picked up", orderReferencecode: ready.order_reference_code }, { headers })
      expect(early.status).toBe(200)
      expect(await pickupPoints.retrievePickupPointShipment(ready.id)).toMatchObject({ tracking_stage: 0, delivered_at: null })
      const handover = await api.post(`/admin/pickup-point/shipments/${ready.id}/handover`, {}, admin).catch(errorResponse)
      expect(handover.status).toBe(400)
      expect(handover.data.message).toContain("has no label yet")

      const fulfillmentId = await fulfillOrder(api, admin, store, order)
      await api.post(`/admin/pickup-point/shipments/${ready.id}/tracking`, { status_code: "ST_0005", status_description: "At the point" }, admin)
      const backwards = await api
        .post(`/admin/pickup-point/shipments/${ready.id}/tracking`, { status_code: "ST_0001", status_description: "Registered" }, admin)
        .catch(errorResponse)
      expect(backwards.status).toBe(400)
      expect(backwards.data.message).toContain("cannot move it back")
      const calls = (await control().get("/calls")).data.calls.filter((c: { operation: string }) => c.operation === "updateTracking")
      expect(calls).toHaveLength(1)
      expect(fulfillmentId).toBeTruthy()
    })
  },
})
