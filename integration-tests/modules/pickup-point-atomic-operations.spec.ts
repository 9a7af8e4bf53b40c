import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import type { ShipmentIntent } from "../../src/modules/pickup-point/types"
import {
  archiveShipment,
  countConfirmedThisYear,
  listShipmentIdsOwedVerificationCode,
  listStalledWebhookDeliveryIds,
  listUnappliedTransitions,
  type WebhookDeliveryFields,
} from "../../src/modules/pickup-point/atomic-operations"
import { SHIPPED_OFF_STATUSES } from "../../src/modules/pickup-point/lib/statuses"
import { WEBHOOK_RESULTS } from "../../src/modules/pickup-point/lib/webhook-results"
import { advanceShipment, advanceShipments, type ShipmentWork } from "../../src/workflows/utils/shipment-work"
import { withShipmentLeases } from "../../src/workflows/utils/shipment-lease"
import { MERCHANTS, orderInput, useTestSandbox } from "../../test-support/sandbox-fixtures"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "../../src/modules/pickup-point")

const sandbox = useTestSandbox()

type PlanNode = { "Index Name"?: string; "Actual Rows": number; "Rows Removed by Filter"?: number; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

const quietLogger = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as never

let sequence = 0
function intent(overrides: Partial<ShipmentIntent> = {}): ShipmentIntent {
  sequence += 1
  const request = orderInput()
  return {
    order_id: `order_${Date.now()}_${sequence}`,
    order_number: request.orderNumber,
    pickup_point_code: request.codePickupPoint,
    pickup_point: null,
    request,
    ...overrides,
  }
}

moduleIntegrationTestRunner<PickupPointModuleService>({
  moduleName: PICKUP_POINT_MODULE,
  resolve: moduleDir,
  pathToMigrations: path.join(moduleDir, "migrations"),
  moduleOptions: {
    baseUrl: "http://127.0.0.1:9",
    merchantCode: MERCHANTS.delivery.merchantCode,
    apiKey: MERCHANTS.delivery.apiKey,
    shipmentRetry: { baseDelayMs: 0, maxDelayMs: 0 },
  },
  testSuite: ({ service, MikroOrmWrapper }) => {
    const eventsOf = async (shipmentId: string) => service.listPickupPointShipmentEvents({ shipment_id: shipmentId })
    /** The shipments the retry job would take now: claimed as it claims them, then given back. */
    const dueIds = async () => {
      const { owner, shipments } = await service.claimDueShipments({ limit: 1_000, except: [] }, 60_000)
      await service.releaseShipmentClaims(shipments.map((s) => s.id), owner)
      return shipments.map((s) => s.id)
    }

    describe("the tracking sync's look-up of untold moves", () => {
      it("reads the untold moves alone through their indexes, not the shipments in transit already told", async () => {
        // A store's table: 2,000 shipments in transit, told they shipped (ST_0005 with shipped_at), and four moves
        // never told: two shipped (ST_0003, ST_0005 without shipped_at), one delivered (ST_0007 without delivered_at),
        // one cancelled by the carrier (ST_0008 without carrier_cancel_told_at); and one such cancel told already.
        const { shipment: template } = await service.recordShipmentIntent(intent())
        const copy = (suffix: string, code: string, shippedAt: string, cancelToldAt = "NULL") =>
          `INSERT INTO pickup_point_shipment
           SELECT (jsonb_populate_record(NULL::pickup_point_shipment, to_jsonb(s) || jsonb_build_object(
             'id', 'pusp_plan_${suffix}_' || n, 'order_id', 'order_plan_${suffix}_' || n, 'order_number', 'PLAN${suffix}' || n,
             'fulfillment_id', 'ful_plan_${suffix}_' || n, 'tracking_status_code', '${code}', 'shipped_at', ${shippedAt},
             'carrier_cancel_told_at', ${cancelToldAt}))).*
           FROM pickup_point_shipment s, generate_series(1, ${suffix === "transit" ? 2000 : 1}) AS n WHERE s.id = ?`
        const manager = MikroOrmWrapper.forkManager()
        await manager.execute(copy("transit", "ST_0005", "now()"), [template.id])
        await manager.execute(copy("shipped3", "ST_0003", "NULL"), [template.id])
        await manager.execute(copy("shipped5", "ST_0005", "NULL"), [template.id])
        await manager.execute(copy("delivered", "ST_0007", "now()"), [template.id])
        await manager.execute(copy("cancelled", "ST_0008", "NULL"), [template.id])
        await manager.execute(copy("cancelTold", "ST_0008", "NULL", "now()"), [template.id])
        await manager.execute("ANALYZE pickup_point_shipment")
        const codes = { shipped: ["ST_0003", "ST_0005"], delivered: ["ST_0007"], cancelled: ["ST_0008"] }

        let statement: { sql: string; params: unknown[] } | undefined
        const capture = { execute: async (sql: string, params?: unknown[]) => ((statement = { sql, params: params ?? [] }), []) }
        await listUnappliedTransitions(capture, 100, codes)
        // Planned with sequential scans priced out: the indexes must be able to serve the statement as the sync sends it.
        const [{ "QUERY PLAN": [plan] }]: { "QUERY PLAN": [{ Plan: PlanNode }] }[] = await MikroOrmWrapper.forkManager().transactional(
          async (tx) => {
            await tx.execute("SET LOCAL enable_seqscan = off")
            return await tx.execute(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.sql}`, statement!.params)
          }
        )
        const indexScans = nodesOf(plan.Plan).filter((node) => node["Index Name"])
        expect([...new Set(indexScans.map((node) => node["Index Name"]))].sort()).toEqual([
          "IDX_pickup_point_shipment_undelivered_status",
          "IDX_pickup_point_shipment_unshipped_status",
        ])
        // The index entries read are the untold moves themselves, however many shipments are in transit, and the
        // carrier's cancels (told or not: a few).
        expect(indexScans.reduce((rows, node) => rows + node["Actual Rows"], 0)).toBe(5)
        expect((await listUnappliedTransitions(manager, 100, codes)).map((move) => move.shipment_id).sort()).toEqual([
          "pusp_plan_cancelled_1",
          "pusp_plan_delivered_1",
          "pusp_plan_shipped3_1",
          "pusp_plan_shipped5_1",
        ])
      })
    })

    describe("the sweep of verification codes owed to parcels ready for pickup", () => {
      it("finds, through the index of parcels waiting at a point, only those owed a code, past the event's own send", async () => {
        // 1,000 parcels in transit to a point that asks for the code, and parcels ready at one: owed a code (ready 20
        // minutes ago, none sent), ready moments ago (the event's send goes first), at a point that needs none, with a
        // code sent, ready two days ago (past the sweep's day: the order page's "Send"), one whose order is being cancelled,
        // and parcels whose send failed, some of them lately; one the carrier reported ready two days ago, recorded 20
        // minutes ago (a status learned late: the sweep counts from when the plugin recorded it).
        const codePoint = { code: "PP-MI-002", requires_verification_code: true }
        const { shipment: template } = await service.recordShipmentIntent(intent({ pickup_point: codePoint as never }))
        const copy = (suffix: string, count: number, fields: string) =>
          `INSERT INTO pickup_point_shipment
           SELECT (jsonb_populate_record(NULL::pickup_point_shipment, to_jsonb(s) || jsonb_build_object(
             'id', 'pusp_owed_${suffix}_' || n, 'order_id', 'order_owed_${suffix}_' || n, 'order_number', 'OWED${suffix}' || n,
             'status', 'label_generated', 'order_reference_code', 'SO-OWED-${suffix}-' || n, ${fields}))).*
           FROM pickup_point_shipment s, generate_series(1, ${count}) AS n WHERE s.id = ?`
        const ready = (minutesAgo: number) =>
          `'tracking_stage', 50, 'tracking_updated_at', now() - interval '${minutesAgo} minutes', 'ready_recorded_at', now() - interval '${minutesAgo} minutes'`
        const manager = MikroOrmWrapper.forkManager()
        await manager.execute(copy("transit", 1000, "'tracking_stage', 30, 'tracking_updated_at', now() - interval '1 hour'"), [template.id])
        await manager.execute(copy("owed", 1, ready(20)), [template.id])
        await manager.execute(copy("recent", 1, ready(1)), [template.id])
        await manager.execute(copy("nocode", 1, `${ready(20)}, 'pickup_point', '{"requires_verification_code": false}'::jsonb`), [template.id])
        await manager.execute(copy("sent", 1, ready(20)), [template.id])
        await manager.execute(copy("stale", 1, ready(2 * 24 * 60)), [template.id])
        await manager.execute(copy("cancelling", 1, `${ready(20)}, 'cancel_requested_at', now()`), [template.id])
        await manager.execute(
          copy("late", 1, "'tracking_stage', 50, 'tracking_updated_at', now() - interval '2 days', 'ready_recorded_at', now() - interval '20 minutes'"),
          [template.id]
        )
        // Sends the carrier failed: the sweep waits 10 minutes after the first failure, doubling, at most 4 hours.
        const failed = (minutesAgo: number, failures: number) =>
          `${ready(6 * 60)}, 'verification_code_failed_at', now() - interval '${minutesAgo} minutes', 'verification_code_failures', ${failures}`
        await manager.execute(copy("failedlately", 1, failed(5, 1)), [template.id])
        await manager.execute(copy("failedbefore", 1, failed(25, 2)), [template.id])
        await manager.execute(copy("failedoften", 1, failed(150, 5)), [template.id])
        await manager.execute(copy("failedcapped", 1, failed(250, 12)), [template.id])
        await service.createPickupPointVerificationCodeSends({ shipment_id: "pusp_owed_sent_1", actor_id: null, masked_email: "m***@example.com", sent_at: new Date() })
        await manager.execute("ANALYZE pickup_point_shipment")

        expect((await service.listShipmentIdsOwedVerificationCode(100)).sort()).toEqual([
          "pusp_owed_failedbefore_1",
          "pusp_owed_failedcapped_1",
          "pusp_owed_late_1",
          "pusp_owed_owed_1",
        ])

        let statement: { sql: string; params: unknown[] } | undefined
        const capture = { execute: async (sql: string, params?: unknown[]) => ((statement = { sql, params: params ?? [] }), []) }
        await listShipmentIdsOwedVerificationCode(capture, 600_000, 86_400_000, { baseMs: 600_000, maxMs: 14_400_000 }, 100)
        const [{ "QUERY PLAN": [plan] }]: { "QUERY PLAN": [{ Plan: PlanNode }] }[] = await MikroOrmWrapper.forkManager().transactional(
          async (tx) => {
            await tx.execute("SET LOCAL enable_seqscan = off")
            return await tx.execute(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.sql}`, statement!.params)
          }
        )
        const shipmentScans = nodesOf(plan.Plan).filter((node) => node["Index Name"]?.startsWith("IDX_pickup_point_shipment"))
        expect(shipmentScans.map((node) => node["Index Name"])).toEqual(["IDX_pickup_point_shipment_ready_for_pickup"])
        // The parcels in transit are not read: only those ready within the day, and past the settling time (the rows
        // the scan's filter then removes count as read too).
        expect(shipmentScans[0]["Actual Rows"] + (shipmentScans[0]["Rows Removed by Filter"] ?? 0)).toBeLessThanOrEqual(9)
      })
    })

    describe("the tracking sync's untold moves, more than it takes in a run", () => {
      it("offers each of them in turn, so that moves Medusa keeps refusing cannot hold the others back", async () => {
        const ids: string[] = []
        for (let i = 0; i < 3; i++) {
          const { shipment } = await service.recordShipmentIntent(intent())
          // Shipped by the carrier (ST_0003), its fulfillment not yet told.
          await service.updatePickupPointShipments({ id: shipment.id, fulfillment_id: `ful_${i}`, tracking_status_code: "ST_0003" })
          ids.push(shipment.id)
        }
        const offered = new Set<string>()
        for (let run = 0; run < 40 && offered.size < ids.length; run++) {
          const [move] = await service.listUnappliedTransitions(1)
          offered.add(move.shipment_id)
        }
        expect([...offered].sort()).toEqual([...ids].sort())
      })
    })

    describe("telling Medusa a fulfillment's state", () => {
      it("lets one claim tell it at a time, keeps it told only by that claim's holder, and lets a lapsed claim go", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        await service.updatePickupPointShipments({ id: shipment.id, fulfillment_id: "ful_1", tracking_status_code: "ST_0003" })
        const tokens = await Promise.all([1, 2, 3].map(() => service.claimFulfillmentState(shipment.id, "shipped")))
        expect(tokens.filter(Boolean)).toHaveLength(1)
        const first = tokens.find(Boolean)!

        // The holder dies; its claim lapses and another takes it. The first one's late settle changes nothing.
        await service.updatePickupPointShipments({ id: shipment.id, telling_medusa_until: new Date(Date.now() - 1_000) })
        const second = (await service.claimFulfillmentState(shipment.id, "shipped"))!
        expect(second).toEqual(expect.any(String))
        await service.settleFulfillmentState(shipment.id, "shipped", { token: first, told: true })
        expect(await service.retrievePickupPointShipment(shipment.id)).toMatchObject({ shipped_at: null, telling_medusa_by: second })
        expect(await service.claimFulfillmentState(shipment.id, "delivered")).toBeNull()

        await service.settleFulfillmentState(shipment.id, "shipped", { token: second, told: true })
        expect(await service.retrievePickupPointShipment(shipment.id)).toMatchObject({ shipped_at: expect.any(Date), telling_medusa_by: null, telling_medusa_until: null })
        expect(await service.claimFulfillmentState(shipment.id, "shipped")).toBeNull()
      })

      it("keeps a state told without a claim only while the shipment is still that fulfillment's", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        await service.updatePickupPointShipments({ id: shipment.id, fulfillment_id: "ful_new", tracking_status_code: "ST_0003" })
        // A sync read the move with the fulfillment the shipment had before another took it over.
        await service.markFulfillmentStateTold(shipment.id, "shipped", "ful_old")
        expect((await service.retrievePickupPointShipment(shipment.id)).shipped_at).toBeNull()
        await service.markFulfillmentStateTold(shipment.id, "shipped", "ful_new")
        expect((await service.retrievePickupPointShipment(shipment.id)).shipped_at).toEqual(expect.any(Date))
      })
    })

    describe("the tracking job's look-up of webhook deliveries to process again", () => {
      it("reads them through their partial indexes, not the table's settled deliveries", async () => {
        // Months of settled deliveries and a few failed ones, with statistics, as a store's table has them.
        await MikroOrmWrapper.forkManager().execute(
          `INSERT INTO pickup_point_webhook_delivery (id, digest, verdict, received_at, updated_at, payload)
           SELECT 'puwh_plan_' || n, 'plan-' || n, CASE WHEN n % 500 = 0 THEN 'failed' ELSE 'applied' END,
                  now() - n * interval '1 minute', now() - n * interval '1 minute', '{}'
           FROM generate_series(1, 5000) AS n`
        )
        await MikroOrmWrapper.forkManager().execute("ANALYZE pickup_point_webhook_delivery")
        let statement: { sql: string; params: unknown[] } | undefined
        const capture = { execute: async (sql: string, params?: unknown[]) => ((statement = { sql, params: params ?? [] }), []) }
        await listStalledWebhookDeliveryIds(capture, 120_000, 86_400_000, 100)
        const plan: { "QUERY PLAN": string }[] = await MikroOrmWrapper.forkManager().transactional(async (tx) => {
          await tx.execute("SET LOCAL enable_seqscan = off")
          return await tx.execute(`EXPLAIN ${statement!.sql}`, statement!.params)
        })
        const planned = plan.map((row) => row["QUERY PLAN"]).join("\n")
        expect(planned).toContain("IDX_pickup_point_webhook_delivery_updated_at")
        expect(planned).toContain("IDX_pickup_point_webhook_delivery_failed")
      })
    })

    describe("shipment records", () => {
      it("records one shipment per order however many deliveries of order.placed race", async () => {
        // Many rounds: the race between the two unique indexes (order id, order number) is lost only now and then.
        for (let round = 0; round < 40; round++) {
          const same = intent()
          const results = await Promise.all(Array.from({ length: 6 }, () => service.recordShipmentIntent(same)))
          expect(results.filter((r) => r.created)).toHaveLength(1)
          expect(new Set(results.map((r) => r.shipment.id)).size).toBe(1)
          expect(await service.listPickupPointShipments({ order_id: same.order_id })).toHaveLength(1)
          expect(await eventsOf(results[0].shipment.id)).toHaveLength(1)
        }
      })

      it("refuses an order whose order number another order's shipment holds, saying which option to check", async () => {
        const first = intent()
        await service.recordShipmentIntent(first)
        const other = intent({ order_number: first.order_number })
        await expect(service.recordShipmentIntent(other)).rejects.toThrow(
          `Order number ${first.order_number} already belongs to the shipment of another order; check the orderNumberPrefix option.`
        )
        expect(await service.listPickupPointShipments({ order_id: other.order_id })).toHaveLength(0)
      })

      it("gives a shipment to exactly one of several claims, and lets only its owner write or release", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const claims = await Promise.all(Array.from({ length: 6 }, () => service.claimShipment(shipment.id, 60_000)))
        const won = claims.filter((claim) => claim !== null)
        expect(won).toHaveLength(1)
        const owner = won[0]!.owner

        const stale = await service.transitionShipment({ id: shipment.id, from: "pending", to: "creating", owner: "someone-else", message: null })
        expect(stale).toBeNull()
        expect(await service.releaseShipmentClaim(shipment.id, "someone-else")).toBe(false)
        expect(await service.claimShipment(shipment.id, 60_000)).toBeNull()

        const moved = await service.transitionShipment({ id: shipment.id, from: "pending", to: "creating", owner, message: "Creating" })
        expect(moved).toMatchObject({ status: "creating", lease_owner: owner })
        expect(await service.releaseShipmentClaim(shipment.id, owner)).toBe(true)
        expect(await service.claimShipment(shipment.id, 60_000)).not.toBeNull()
      })

      it("moves a status only from the status it was read in, writing the change and its history row together", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const attempts = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            service.transitionShipment({ id: shipment.id, from: "pending", to: "failed", changes: { last_error: `attempt ${i}` }, message: `attempt ${i}` })
          )
        )
        expect(attempts.filter(Boolean)).toHaveLength(1)
        const events = await eventsOf(shipment.id)
        expect(events.map((e) => e.status).sort()).toEqual(["failed", "pending"])
        const stored = await service.retrievePickupPointShipment(shipment.id)
        expect(events.find((e) => e.status === "failed")!.message).toBe(stored.last_error)
      })

      it("records a cancel for the job only while the shipment can still be cancelled", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        expect(await service.requestShipmentCancel(shipment.id, "service down")).toMatchObject({ cancel_requested_at: expect.any(Date) })
        await service.transitionShipment({ id: shipment.id, from: "pending", to: "cancelled", message: "Cancelled" })
        const other = await service.recordShipmentIntent(intent())
        await service.transitionShipment({ id: other.shipment.id, from: "pending", to: "cancelled", message: "Cancelled" })
        expect(await service.requestShipmentCancel(other.shipment.id, "too late")).toBeNull()
      })

      it("makes the first cancel request due at once, whatever backoff the creation had reached, and keeps the cancel's own", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const inAnHour = new Date(Date.now() + 3_600_000)
        // A creation backing off after faults: not due for an hour.
        await service.updatePickupPointShipments({ id: shipment.id, retry_count: 6, next_attempt_at: inAnHour })
        expect(await dueIds()).not.toContain(shipment.id)

        expect(await service.requestShipmentCancel(shipment.id, "order cancelled; service down")).toMatchObject({ retry_count: 0, next_attempt_at: null })
        expect(await dueIds()).toContain(shipment.id)

        // A shipment whose creation failed is due only for a requested cancel.
        const failed = (await service.recordShipmentIntent(intent())).shipment
        await service.updatePickupPointShipments({ id: failed.id, status: "failed", retry_count: 3, next_attempt_at: inAnHour })
        expect(await dueIds()).not.toContain(failed.id)
        await service.requestShipmentCancel(failed.id, "order cancelled")
        expect(await dueIds()).toContain(failed.id)

        // The cancel's own tries back off in turn: a later request leaves their schedule alone.
        await service.updatePickupPointShipments({ id: shipment.id, retry_count: 2, next_attempt_at: inAnHour })
        expect(await service.requestShipmentCancel(shipment.id, "still down")).toMatchObject({ retry_count: 2, next_attempt_at: inAnHour, last_error: "still down" })
      })

      it("postpones a shipment however many times it was tried before (the backoff's doubling stops at its cap)", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        // Hourly tries for six weeks: 2^1008 and more overflow PostgreSQL's double precision.
        await service.updatePickupPointShipments({ id: shipment.id, status: "awaiting_import", retry_count: 5_000 })
        const { owner } = (await service.claimShipment(shipment.id, 60_000))!
        const postponed = await service.postponeShipment({ id: shipment.id, from: "awaiting_import", to: "awaiting_import", owner, error: "not imported yet" })
        expect(postponed).toMatchObject({ retry_count: 5_001, last_error: "not imported yet", next_attempt_at: expect.any(Date) })
      })

      it("keeps when a shipment entered its status through the tries made in it, so that a long wait shows", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const { owner } = (await service.claimShipment(shipment.id, 60_000))!
        await new Promise((resolve) => setTimeout(resolve, 20))
        const waiting = await service.postponeShipment({ id: shipment.id, from: "pending", to: "awaiting_import", owner, error: "not imported yet" })
        const entered = new Date(waiting!.updated_at).getTime()
        expect(entered).toBeGreaterThan(new Date(shipment.updated_at).getTime())
        await new Promise((resolve) => setTimeout(resolve, 20))
        const polled = await service.postponeShipment({ id: shipment.id, from: "awaiting_import", to: "awaiting_import", owner, error: "not imported yet" })
        expect(polled).toMatchObject({ retry_count: 2 })
        expect(new Date(polled!.updated_at).getTime()).toBe(entered)
      })
    })

    describe("order sweep", () => {
      it("keeps the orders it tries again in turn: settled ones out, failed ones again at the end; the cursor only forward", async () => {
        expect(await service.retrieveOrderSweep()).toEqual({ cursor: null, retry_ids: [] })
        await service.advanceOrderSweep({ through: 10, failed: ["order_a", "order_b", "order_c"], settled: [] })
        expect(await service.retrieveOrderSweep()).toEqual({ cursor: 10, retry_ids: ["order_a", "order_b", "order_c"] })
        await service.advanceOrderSweep({ through: 5, failed: ["order_a", "order_d"], settled: ["order_b"] })
        expect(await service.retrieveOrderSweep()).toEqual({ cursor: 10, retry_ids: ["order_c", "order_a", "order_d"] })
        await service.advanceOrderSweep({ through: 12, failed: [], settled: ["order_c", "order_a", "order_d"] })
        expect(await service.retrieveOrderSweep()).toEqual({ cursor: 12, retry_ids: [] })
      })
    })

    describe("tracking ledger and sync batches", () => {
      async function followedShipments(count: number) {
        const ids: string[] = []
        for (let i = 0; i < count; i++) {
          const { shipment } = await service.recordShipmentIntent(intent())
          await service.updatePickupPointShipments({ id: shipment.id, status: "label_generated", order_reference_code: `REF-${shipment.id}` })
          ids.push(shipment.id)
        }
        return ids
      }

      it("never moves a stage back, and a repeated report changes nothing", async () => {
        const [id] = await followedShipments(1)
        const first = await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST_0005", source: "sync" }])
        expect(first).toMatchObject({ recorded: 1, transitions: [expect.objectContaining({ stage: "at_pickup_point" })] })

        const older = await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST_0003", source: "webhook" }])
        expect(older.transitions).toEqual([])
        const repeated = await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST0005", source: "webhook" }])
        expect(repeated).toEqual({ recorded: 0, transitions: [] })

        const stored = await service.retrievePickupPointShipment(id)
        expect(stored).toMatchObject({ tracking_status_code: "ST_0005", tracking_stage: 40 })
        expect(await service.listPickupPointTrackingEvents({ shipment_id: id })).toHaveLength(2)
      })

      it("stores text with question marks and backslashes as it came, in a report and in a history line", async () => {
        const [id] = await followedShipments(1)
        const description = "Consegnato? Sì \\? 100% {ok} $1 'quoted' \"double\""
        await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST_0005", status_description: description, tracking_number: "TN?1", source: "sync" }])
        expect(await service.listPickupPointTrackingEvents({ shipment_id: id })).toEqual([expect.objectContaining({ status_description: description })])
        expect(await service.retrievePickupPointShipment(id)).toMatchObject({ tracking_status_description: description, tracking_number: "TN?1" })
        await service.transitionShipment({ id, from: "label_generated", to: "confirmed", message: `Why? ${description}` })
        expect((await eventsOf(id)).map((event) => event.message)).toContain(`Why? ${description}`)
        // A lone surrogate (half an emoji) or a NUL becomes U+FFFD rather than failing the batch, every run.
        await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST_0006", status_description: "Half \ud83d an emoji, \u0000", source: "sync" }])
        expect(await service.retrievePickupPointShipment(id)).toMatchObject({ tracking_status_code: "ST_0006", tracking_status_description: "Half \ufffd an emoji, \ufffd" })
      })

      it("keeps a report with an unknown code and no tracking number in the history, moving nothing", async () => {
        const [id] = await followedShipments(1)
        const unknown = await service.recordTrackingUpdates([{ shipment_id: id, status_code: "ST_0042", source: "webhook" }])
        expect(unknown).toEqual({ recorded: 1, transitions: [] })
        expect(await service.listPickupPointTrackingEvents({ shipment_id: id })).toEqual([expect.objectContaining({ status_code: "ST_0042" })])
        expect(await service.retrievePickupPointShipment(id)).toMatchObject({ tracking_status_code: null })
      })

      it("records at once batches that name the same shipments in other orders, none aborted as a deadlock, each report once", async () => {
        for (let round = 0; round < 6; round++) {
          const outcomes = await service.recordShipmentIntents(Array.from({ length: 60 }, () => intent()))
          const ids = outcomes.map((outcome) => ("shipment" in outcome ? outcome.shipment.id : ""))
          await service.updatePickupPointShipments(ids.map((id) => ({ id, status: "label_generated" as const, order_reference_code: `REF-${id}` })))
          // A sync batch, a webhook batch naming them backwards, and one starting halfway: each waits for rows another holds.
          const reports = (order: string[], status_code: string, source: "sync" | "webhook") => order.map((id) => ({ shipment_id: id, status_code, source }))
          const results = await Promise.allSettled([
            service.recordTrackingUpdates(reports(ids, "ST_0005", "sync")),
            service.recordTrackingUpdates(reports([...ids].reverse(), "ST_0005", "webhook")),
            service.recordTrackingUpdates(reports([...ids.slice(30), ...ids.slice(0, 30)], "ST_0006", "webhook")),
          ])
          expect(results.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason))).toEqual([])
          const stored = await service.listPickupPointShipments({ id: ids })
          expect(stored.every((shipment) => shipment.tracking_status_code === "ST_0006")).toBe(true)
          expect(await service.listPickupPointTrackingEvents({ shipment_id: ids })).toHaveLength(ids.length * 2)
        }
      })

      it("never gives two concurrent sync claims the same shipment, and releases only the owner's batch", async () => {
        await followedShipments(12)
        const runStartedAt = new Date()
        const [a, b] = await Promise.all([
          service.claimSyncBatch({ limit: 8, runStartedAt, owner: "run-a", leaseMs: 60_000 }),
          service.claimSyncBatch({ limit: 8, runStartedAt, owner: "run-b", leaseMs: 60_000 }),
        ])
        const ids = [...a, ...b].map((row) => row.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.length).toBe(12)

        await service.releaseSyncBatch(a.map((row) => row.id), "run-b", true)
        const notReleased = await service.listPickupPointShipments({ id: a.map((row) => row.id) })
        expect(notReleased.every((s) => s.lease_owner === "run-a" && s.last_synced_at === null)).toBe(true)
      })
    })

    describe("the year's count of shipped-off shipment orders", () => {
      it("counts label_generated and confirmed shipments created since the year began in the store's time zone", async () => {
        const zone = "Asia/Tokyo"
        const count = () => countConfirmedThisYear(MikroOrmWrapper.forkManager(), SHIPPED_OFF_STATUSES, zone)
        const before = await count()
        const set = async (status: string, createdAt: string) => {
          const { shipment } = await service.recordShipmentIntent(intent())
          await MikroOrmWrapper.forkManager().execute(`UPDATE pickup_point_shipment SET status = ?, created_at = ${createdAt} WHERE id = ?`, [status, shipment.id])
        }
        const yearStart = `date_trunc('year', now() AT TIME ZONE '${zone}') AT TIME ZONE '${zone}'`
        await set("confirmed", "now()")
        await set("label_generated", "now()")
        await set("confirmed", yearStart)
        await set("cancelled", "now()")
        await set("ready", "now()")
        await set("confirmed", `${yearStart} - interval '1 second'`)
        await set("label_generated", "now() - interval '1 year'")
        expect(await count()).toBe(before + 3)
      })
    })

    describe("retention of the customer's details", () => {
      it("takes the name, e-mail and phone out of shipment orders past personalDataDays, archived ones too, not of one still being created", async () => {
        const made = async (status: string, daysAgo: number) => {
          const { shipment } = await service.recordShipmentIntent(intent())
          await MikroOrmWrapper.forkManager().execute(
            `UPDATE pickup_point_shipment SET status = ?, created_at = now() - (? * interval '1 day') WHERE id = ?`,
            [status, daysAgo, shipment.id]
          )
          return shipment.id
        }
        const old = await made("label_generated", 181)
        const oldFailed = await made("failed", 200)
        const stillCreating = await made("awaiting_import", 181)
        const recent = await made("label_generated", 179)
        // Cancelled and archived by a change of pickup point: kept, with its request, out of the live lists.
        const archived = await made("cancelled", 181)
        expect(await archiveShipment(MikroOrmWrapper.forkManager(), archived)).toMatchObject({ id: archived })

        const pruned = await service.pruneExpiredRecords()
        expect(pruned.shipment_contacts).toBe(3)
        const requestOf = async (id: string) =>
          (await service.listPickupPointShipments({ id }, { withDeleted: true }))[0].request as Record<string, unknown>
        for (const id of [old, oldFailed, archived]) {
          const request = await requestOf(id)
          expect(Object.keys(request).filter((key) => ["customer", "customerEmail", "customerPhone"].includes(key))).toEqual([])
          // The rest of the request stays: what was sent, without who to.
          expect(request).toMatchObject({ orderNumber: expect.any(String), codePickupPoint: expect.any(String) })
        }
        for (const id of [stillCreating, recent]) {
          expect(await requestOf(id)).toMatchObject({ customer: expect.any(String), customerEmail: expect.any(String), customerPhone: expect.any(String) })
        }
        // A second run has nothing left to take.
        expect((await service.pruneExpiredRecords()).shipment_contacts).toBe(0)
      })
    })

    describe("webhook deliveries", () => {
      const digest = () => `digest-${Date.now()}-${(sequence += 1)}`
      const claimOne = async (body: string, read?: WebhookDeliveryFields) => (await service.claimWebhookDeliveries([{ digest: body, read }])).get(body)!
      const backdate = (id: string, ms: number) =>
        MikroOrmWrapper.forkManager().execute(
          `UPDATE pickup_point_webhook_delivery SET updated_at = now() - (? * interval '1 millisecond') WHERE id = ?`,
          [ms, id]
        )

      it("processes a body once: a redelivery is a duplicate while it is processed and after it settled", async () => {
        const body = digest()
        const first = await claimOne(body)
        expect(first).toMatchObject({ claimed: true, verdict: "processing" })
        expect(await claimOne(body)).toEqual({ id: first.id, claimed: false, verdict: "processing" })
        await service.settleWebhookDelivery(first.id, { verdict: "applied", result: "Moved to shipped" })
        expect(await claimOne(body)).toEqual({ id: first.id, claimed: false, verdict: "applied" })
        const [stored] = await service.listPickupPointWebhookDeliveries({ id: first.id })
        expect(stored).toMatchObject({ verdict: "applied", deliveries: 3 })
      })

      it("claims again a body whose delivery was refused or whose processor died, for one of concurrent redeliveries", async () => {
        const refused = digest()
        const { id } = await claimOne(refused)
        await service.settleWebhookDelivery(id, { verdict: "unknown_order", result: "No shipment has this order reference code" })
        const racing = await Promise.all(Array.from({ length: 5 }, () => claimOne(refused)))
        expect(racing.filter((c) => c.claimed)).toHaveLength(1)
        expect(racing.every((c) => c.id === id)).toBe(true)
        // The others are told it is being processed (by the winner), not that it was refused.
        expect(racing.filter((c) => !c.claimed).map((c) => c.verdict)).toEqual(Array(4).fill("processing"))
        const [reclaimed] = await service.listPickupPointWebhookDeliveries({ id })
        expect(reclaimed).toMatchObject({ verdict: "processing", deliveries: 6 })

        // Failed and invalid payloads are taken up again; a delivery with nothing to apply is settled.
        for (const [verdict, claimedAgain] of [["failed", true], ["invalid_payload", true], ["unchanged", false]] as const) {
          const body = digest()
          const first = await claimOne(body)
          await service.settleWebhookDelivery(first.id, { verdict, result: verdict })
          expect(await claimOne(body)).toEqual({ id: first.id, claimed: claimedAgain, verdict: claimedAgain ? "processing" : verdict })
        }

        const died = digest()
        const stuck = await claimOne(died)
        await backdate(stuck.id, 60_000)
        // Processing for a minute is not yet stale (two minutes); past that, a redelivery takes it over.
        expect(await claimOne(died)).toMatchObject({ claimed: false, verdict: "processing" })
        await backdate(stuck.id, 3 * 60_000)
        expect(await claimOne(died)).toMatchObject({ id: stuck.id, claimed: true })
        expect(await claimOne(died)).toMatchObject({ claimed: false, verdict: "processing" })
      })

      it("finds the shipment a body names with its claim, and stores the verdict with the status it applies", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const reference = `REF-WH-${shipment.id}`
        await service.updatePickupPointShipments({ id: shipment.id, status: "label_generated", order_reference_code: reference })
        const body = digest()
        const claim = await claimOne(body, { order_reference_code: reference })
        expect(claim).toMatchObject({ claimed: true, shipment_id: shipment.id })
        // A duplicate reads nothing else.
        expect(await claimOne(body, { order_reference_code: reference })).toEqual({ id: claim.id, claimed: false, verdict: "processing" })
        expect(await claimOne(digest(), { order_reference_code: "REF-NO-SHIPMENT" })).toMatchObject({ claimed: true, shipment_id: null })
        // A body refused before (unreadable to an earlier version, say) and read now: its redelivery finds the shipment.
        const refusedBefore = digest()
        const { id: refusedId } = await claimOne(refusedBefore)
        await service.settleWebhookDelivery(refusedId, { verdict: "invalid_payload", result: "missing orderReferencecode" })
        expect(await claimOne(refusedBefore, { order_reference_code: reference })).toMatchObject({ id: refusedId, claimed: true, shipment_id: shipment.id })
        // The same body twice in one call: one claim, both deliveries counted.
        const twice = digest()
        const claimedTwice = await service.claimWebhookDeliveries([{ digest: twice }, { digest: twice }])
        expect(claimedTwice.size).toBe(1)
        expect((await service.listPickupPointWebhookDeliveries({ id: claimedTwice.get(twice)!.id }))[0]).toMatchObject({ verdict: "processing", deliveries: 2 })

        const report = { shipment_id: shipment.id, status_code: "ST_0003", source: "webhook" as const }
        const payload = { orderReferenceCode: reference, statusCode: "ST_0003" }
        const moved = await service.recordTrackingUpdates([report], {
          settle: [{ id: claim.id, shipment_id: shipment.id, order_reference_code: reference, status_code: "ST_0003", payload }],
        })
        expect(moved.transitions).toHaveLength(1)
        const [applied] = await service.listPickupPointWebhookDeliveries({ id: claim.id })
        expect(applied).toMatchObject({
          verdict: "applied",
          result: WEBHOOK_RESULTS.applied(moved.transitions[0].stage),
          shipment_id: shipment.id,
          order_reference_code: reference,
          status_code: "ST_0003",
          payload,
        })
        // A failure after the statement leaves the stored verdict as it is.
        await service.settleWebhookDelivery(claim.id, { verdict: "failed", result: WEBHOOK_RESULTS.failed })
        expect((await service.listPickupPointWebhookDeliveries({ id: claim.id }))[0]).toMatchObject({ verdict: "applied" })

        // The same status again moves nothing: its delivery is settled as unchanged.
        const again = await claimOne(digest(), { order_reference_code: reference })
        expect((await service.recordTrackingUpdates([report], { settle: [{ id: again.id, shipment_id: shipment.id }] })).transitions).toEqual([])
        expect((await service.listPickupPointWebhookDeliveries({ id: again.id }))[0]).toMatchObject({ verdict: "unchanged", result: WEBHOOK_RESULTS.unchanged })
      })
    })

    describe("a batch of shipments", () => {
      it("records a batch of intents in one statement: new ones with their history, one already on record as it is, and refuses an order number another order holds", async () => {
        const recordedBefore = (await service.recordShipmentIntent(intent())).shipment
        const [fresh, taken] = [intent(), intent()]
        const again = { ...intent(), order_id: recordedBefore.order_id, order_number: recordedBefore.order_number }
        // Inserted in order-id order: the clash's id sorts after the order it clashes with (`order_…_9` and `order_…_10`
        // would not), so that the order listed first holds the number.
        const clash = { ...intent(), order_id: `${taken.order_id}_clash`, order_number: taken.order_number }

        const outcomes = await service.recordShipmentIntents([fresh, again, taken, clash, { ...intent(), problem: "No phone number" }])

        expect(outcomes.map((o) => ("error" in o ? "error" : o.created ? "created" : "existing"))).toEqual(["created", "existing", "created", "error", "created"])
        expect(outcomes[1]).toMatchObject({ shipment: { id: recordedBefore.id } })
        expect((outcomes[3] as { error: Error }).error.message).toContain(`Order number ${taken.order_number} already belongs to the shipment of another order`)
        expect((outcomes[4] as { shipment: { status: string; last_error: string } }).shipment).toMatchObject({ status: "failed", last_error: "No phone number" })
        for (const outcome of [outcomes[0], outcomes[2], outcomes[4]] as { shipment: { id: string } }[]) {
          expect(await eventsOf(outcome.shipment.id)).toHaveLength(1)
        }
        expect(await service.listPickupPointShipments({ order_id: clash.order_id })).toHaveLength(0)
      })

      it("moves a batch in one statement only where each is still in the status it was read in and claimed by the owner, each with its own changes and history", async () => {
        const shipments = await Promise.all(Array.from({ length: 4 }, async () => (await service.recordShipmentIntent(intent())).shipment))
        const { owner } = await service.claimShipments(shipments.slice(0, 3).map((s) => s.id), 60_000)
        // One has moved on meanwhile; the fourth is not the owner's.
        await service.transitionShipment({ id: shipments[2].id, from: "pending", to: "creating", owner, message: null })
        await service.postponeShipment({ id: shipments[1].id, from: "pending", to: "pending", owner, error: "busy" })

        const moved = await service.transitionShipments({
          from: "pending",
          to: "awaiting_import",
          owner,
          message: "Created",
          rows: [
            { id: shipments[0].id, changes: { order_reference_code: "REF-A", last_error: "kept" } },
            { id: shipments[1].id, changes: { order_reference_code: "REF-B" } },
            { id: shipments[2].id, changes: { order_reference_code: "REF-C" } },
            { id: shipments[3].id, changes: { order_reference_code: "REF-D" } },
          ],
        })

        expect(moved.map((s) => s.id).sort()).toEqual([shipments[0].id, shipments[1].id].sort())
        const byId = new Map((await service.listPickupPointShipments({ id: shipments.map((s) => s.id) })).map((s) => [s.id, s]))
        expect(byId.get(shipments[0].id)).toMatchObject({ status: "awaiting_import", order_reference_code: "REF-A", last_error: "kept", retry_count: 0 })
        // The progress of the postponed one starts again, as for one shipment's change.
        expect(byId.get(shipments[1].id)).toMatchObject({ status: "awaiting_import", order_reference_code: "REF-B", last_error: null, retry_count: 0, next_attempt_at: null })
        expect(byId.get(shipments[2].id)).toMatchObject({ status: "creating", order_reference_code: null })
        expect(byId.get(shipments[3].id)).toMatchObject({ status: "pending", order_reference_code: null })
        for (const shipment of shipments.slice(0, 2)) {
          expect((await eventsOf(shipment.id)).filter((e) => e.message === "Created")).toHaveLength(1)
        }
        expect((await eventsOf(shipments[3].id)).map((e) => e.status)).toEqual(["pending"])
      })

      it("shares the due shipments between processes claiming them at once, and leaves out those worked on already this run", async () => {
        const shipments = await Promise.all(Array.from({ length: 10 }, async () => (await service.recordShipmentIntent(intent())).shipment))
        const ours = new Set(shipments.map((s) => s.id))
        const [a, b] = await Promise.all([service.claimDueShipments({ limit: 1_000, except: [] }, 60_000), service.claimDueShipments({ limit: 1_000, except: [] }, 60_000)])
        const taken = [...a.shipments, ...b.shipments].map((s) => s.id).filter((id) => ours.has(id))
        expect(taken.sort()).toEqual([...ours].sort())
        expect(new Set(taken).size).toBe(taken.length)

        await service.releaseShipmentClaims(a.shipments.map((s) => s.id), a.owner)
        await service.releaseShipmentClaims(b.shipments.map((s) => s.id), b.owner)
        const except = shipments.slice(0, 4).map((s) => s.id)
        const again = await service.claimDueShipments({ limit: 1_000, except }, 60_000)
        expect(again.shipments.map((s) => s.id).filter((id) => ours.has(id)).sort()).toEqual(shipments.slice(4).map((s) => s.id).sort())
      })

      it("creates each once under one claim, checks their imports in one status call, and leaves out one another process holds", async () => {
        const work: ShipmentWork = { pickupPoints: service, client: sandbox.client(MERCHANTS.delivery, { retries: 0 }), logger: quietLogger, lease: { leaseMs: 60_000 } }
        const shipments = await Promise.all(Array.from({ length: 6 }, async () => (await service.recordShipmentIntent(intent())).shipment))
        const held = (await service.claimShipment(shipments[5].id, 60_000))!
        // A refused create is tried again later; it does not hold up the others.
        await sandbox.fault("create", "reject", 1)

        const advanced = await advanceShipments(work, [...shipments.map((s) => s.id), shipments[0].id], { concurrency: 3 })

        expect([...advanced.keys()].sort()).toEqual(shipments.slice(0, 5).map((s) => s.id).sort())
        const outcomes = [...advanced.values()].map((a) => ("shipment" in a ? a.shipment.status : "error"))
        expect(outcomes.sort()).toEqual(["pending", "ready", "ready", "ready", "ready"])
        expect([...advanced.values()].every((a) => "previous_status" in a && a.previous_status === "pending")).toBe(true)
        expect(await sandbox.calls("create")).toHaveLength(5)
        expect(await sandbox.calls("status")).toHaveLength(1)
        // The claims are given back (the one another process holds is left alone), and each order is on the service once.
        const now = await service.listPickupPointShipments({ id: shipments.map((s) => s.id) })
        expect(now.filter((s) => s.lease_owner !== null).map((s) => [s.id, s.lease_owner])).toEqual([[held.shipment.id, held.owner]])
        for (const shipment of shipments.slice(0, 5)) {
          expect((await sandbox.orders()).filter((o) => o.request.orderNumber === shipment.order_number).length).toBe(now.find((s) => s.id === shipment.id)!.status === "ready" ? 1 : 0)
        }
      })
    })

    describe("the log of a wait for the carrier's import", () => {
      it("logs the carrier's 'not imported yet' as information, and a status call that got no answer as a warning", async () => {
        const lines: { level: string; message: string }[] = []
        const logger = Object.fromEntries(["info", "warn", "error", "debug"].map((level) => [level, (message: string) => lines.push({ level, message })])) as never
        const work: ShipmentWork = { pickupPoints: service, client: sandbox.client(MERCHANTS.delivery, { retries: 0 }), logger, lease: { leaseMs: 60_000 } }
        await sandbox.setImportDelay(60_000)
        try {
          const { shipment } = await service.recordShipmentIntent(intent())
          const created = await advanceShipments(work, [shipment.id], { concurrency: 1 })
          expect(created.get(shipment.id)).toMatchObject({ shipment: { status: "awaiting_import" } })
          const waits = lines.filter((line) => line.message.includes(shipment.id) && line.message.includes("(awaiting_import)"))
          expect(waits.map((line) => line.level)).toEqual(["info"])

          // The next look finds no answer: a fault, said louder.
          lines.length = 0
          await service.updatePickupPointShipments({ id: shipment.id, next_attempt_at: new Date() })
          await sandbox.fault("status", "http_503", 1)
          await advanceShipments(work, [shipment.id], { concurrency: 1 })
          expect(lines.filter((line) => line.message.includes(shipment.id) && line.message.includes("(awaiting_import)")).map((line) => line.level)).toEqual(["warn"])
        } finally {
          await sandbox.setImportDelay(0)
        }
      })
    })

    describe("a batch's faults", () => {
      const healthy = (): ShipmentWork => ({ pickupPoints: service, client: sandbox.client(MERCHANTS.delivery, { retries: 0 }), logger: quietLogger, lease: { leaseMs: 60_000 } })

      it("calls for none of a group whose move to creating fails, gives their claims back, and creates each once on the next run", async () => {
        const shipments = await Promise.all(Array.from({ length: 3 }, async () => (await service.recordShipmentIntent(intent())).shipment))
        const unreachable = Object.create(service) as PickupPointModuleService
        unreachable.transitionShipments = async () => {
          throw new Error("Connection terminated unexpectedly")
        }
        const failed = await advanceShipments({ ...healthy(), pickupPoints: unreachable }, shipments.map((s) => s.id), { concurrency: 2 })
        expect([...failed.values()].map((o) => ("error" in o ? (o.error as Error).message : "moved"))).toEqual(Array(3).fill("Connection terminated unexpectedly"))
        expect(await sandbox.calls("create")).toHaveLength(0)
        const after = await service.listPickupPointShipments({ id: shipments.map((s) => s.id) })
        expect(after.map((s) => [s.status, s.lease_owner])).toEqual(Array(3).fill(["pending", null]))

        const next = await advanceShipments(healthy(), shipments.map((s) => s.id), { concurrency: 2 })
        expect([...next.values()].map((o) => ("shipment" in o ? o.shipment.status : "error"))).toEqual(["ready", "ready", "ready"])
        expect(await sandbox.calls("create")).toHaveLength(3)
      })

      it("makes no create for a shipment whose order was cancelled while its create waited, and cancels it instead", async () => {
        const [kept, dropped] = await Promise.all([intent(), intent()].map(async (i) => (await service.recordShipmentIntent(i)).shipment))
        // The cancel is requested just as the group moves to creating (an order.canceled between the claim and the call).
        const racing = Object.create(service) as PickupPointModuleService
        racing.transitionShipments = async (batch) => {
          if (batch.to === "creating") await service.requestShipmentCancel(dropped.id, "The order was cancelled")
          return await service.transitionShipments(batch)
        }
        const advanced = await advanceShipments({ ...healthy(), pickupPoints: racing }, [kept.id, dropped.id], { concurrency: 2 })

        expect(advanced.get(kept.id)).toMatchObject({ shipment: { status: "ready" } })
        expect(advanced.get(dropped.id)).toMatchObject({ shipment: { status: "cancelled", cancel_requested_at: null } })
        const created = (await sandbox.orders()).map((o) => o.request.orderNumber)
        expect(created).toContain(kept.order_number)
        expect(created).not.toContain(dropped.order_number)
        expect(await sandbox.calls("create")).toHaveLength(1)
      })

      it("renews a claim in the database before a call only once its last renewal is a third of the lease old, and finds it lost then", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const leaseOf = async () => (await service.retrievePickupPointShipment(shipment.id)).lease_until!.getTime()
        await withShipmentLeases(service, [shipment.id], { leaseMs: 600, renewEveryMs: null }, async (leases) => {
          const claimed = await leaseOf()
          await leases.of(shipment.id).ensureHeld()
          expect(await leaseOf()).toBe(claimed)
          await new Promise((resolve) => setTimeout(resolve, 250))
          await leases.of(shipment.id).ensureHeld()
          expect(await leaseOf()).toBeGreaterThan(claimed)
          // Stalled past the lease: another process takes the shipment, and the next call is refused.
          await new Promise((resolve) => setTimeout(resolve, 700))
          expect(await service.claimShipment(shipment.id, 60_000)).not.toBeNull()
          await expect(leases.of(shipment.id).ensureHeld()).rejects.toThrow("was lost to another process")
        })
      })
    })

    describe("exactly once when a lease runs out under a call", () => {
      it("lets a second worker take over a stalled one's shipment; the service gets one order and the stale write is refused", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        // The first worker stalls: its create is never answered, and its lease (300 ms, not renewed) runs out meanwhile.
        await sandbox.fault("create", "timeout")
        const stalled: ShipmentWork = {
          pickupPoints: service,
          client: sandbox.client(MERCHANTS.delivery, { timeoutMs: 2_000, retries: 0 }),
          logger: quietLogger,
          lease: { leaseMs: 300, renewEveryMs: null },
        }
        const healthy: ShipmentWork = { ...stalled, client: sandbox.client(MERCHANTS.delivery, { retries: 0 }), lease: { leaseMs: 60_000 } }

        const first = advanceShipment(stalled, shipment.id)
        await new Promise((resolve) => setTimeout(resolve, 700))
        const second = await advanceShipment(healthy, shipment.id)
        expect(second?.shipment).toMatchObject({ status: "ready" })

        const late = await first
        // The stalled worker's own write (creating → unknown after its timeout) did not land.
        expect(late?.shipment).toMatchObject({ status: "ready", order_reference_code: second!.shipment.order_reference_code })
        const onService = (await sandbox.orders()).filter((o) => o.request.orderNumber === shipment.order_number)
        expect(onService).toHaveLength(1)
        const history = (await eventsOf(shipment.id)).map((e) => e.status)
        expect(history).not.toContain("unknown")
        expect((await sandbox.calls("create")).length).toBe(2)
      })

      it("keeps a shipment created on the service whose record then failed to be written, and finds it there before any new create", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const healthy: ShipmentWork = { pickupPoints: service, client: sandbox.client(MERCHANTS.delivery, { retries: 0 }), logger: quietLogger, lease: { leaseMs: 60_000 } }
        // The database drops the connection just as the created order is to be recorded.
        const unreachable = Object.create(service) as PickupPointModuleService
        // A new shipment is created in a group, one looked up again on its own: both write alike.
        unreachable.transitionShipments = async (batch) => {
          if (batch.to === "awaiting_import") throw new Error("Connection terminated unexpectedly")
          return await service.transitionShipments(batch)
        }
        unreachable.transitionShipment = async (transition) => {
          if (transition.to === "awaiting_import") throw new Error("Connection terminated unexpectedly")
          return await service.transitionShipment(transition)
        }
        await expect(advanceShipment({ ...healthy, pickupPoints: unreachable }, shipment.id)).rejects.toThrow("Connection terminated unexpectedly")
        expect(await service.retrievePickupPointShipment(shipment.id)).toMatchObject({ status: "creating", last_error: null })

        // The retry job's next run: looked up, not created again.
        const found = await advanceShipment(healthy, shipment.id)
        expect(found?.shipment).toMatchObject({ status: expect.stringMatching(/^(awaiting_import|ready)$/), order_reference_code: expect.any(String) })
        expect((await sandbox.orders()).filter((o) => o.request.orderNumber === shipment.order_number)).toHaveLength(1)
        expect(await sandbox.calls("create")).toHaveLength(1)
      })

      it("keeps counting tries across unanswered creates the service then does not know, so that they are spaced out ever more", async () => {
        const { shipment } = await service.recordShipmentIntent(intent())
        const work: ShipmentWork = { pickupPoints: service, client: sandbox.client(MERCHANTS.delivery, { timeoutMs: 300, retries: 0 }), logger: quietLogger, lease: { leaseMs: 60_000 } }
        // Every create is held unanswered (and not made): an overloaded service.
        await sandbox.fault("create", "timeout", 3)
        const counts: number[] = []
        for (let run = 0; run < 3; run++) {
          counts.push((await advanceShipment(work, shipment.id))!.shipment.retry_count)
        }
        // Each run: looked up (not found), created again, unanswered: one more try than the run before.
        expect(counts).toEqual([1, 2, 3])
        expect(await sandbox.calls("create")).toHaveLength(3)
      })

      it("lets a second worker carry out a cancel a stalled one started; the stalled worker's late write changes nothing", async () => {
        const healthy: ShipmentWork = {
          pickupPoints: service,
          client: sandbox.client(MERCHANTS.delivery, { retries: 0 }),
          logger: quietLogger,
          lease: { leaseMs: 60_000 },
        }
        const { shipment } = await service.recordShipmentIntent(intent())
        const created = await advanceShipment(healthy, shipment.id)
        expect(created?.shipment.status).toMatch(/^(awaiting_import|ready)$/)
        await service.requestShipmentCancel(shipment.id, "order cancelled")

        // The first worker's cancel is never answered, and its lease (300 ms, renewed once just before the
        // call, never after) runs out meanwhile; the second worker starts once the call is out and the lease is over.
        await sandbox.fault("cancel", "timeout")
        const stalled: ShipmentWork = { ...healthy, client: sandbox.client(MERCHANTS.delivery, { timeoutMs: 3_000, retries: 0 }), lease: { leaseMs: 300, renewEveryMs: null } }
        const first = advanceShipment(stalled, shipment.id)
        for (const deadline = Date.now() + 2_000; (await sandbox.calls("cancel")).length === 0; ) {
          if (Date.now() > deadline) throw new Error("the stalled worker's cancel never reached the service")
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
        const second = await advanceShipment(healthy, shipment.id)
        expect(second?.shipment).toMatchObject({ status: "cancelled", cancel_requested_at: null })

        // The stalled worker's timeout would postpone the cancel with its error: that write did not land.
        const late = await first
        expect(late?.shipment).toMatchObject({ status: "cancelled", cancel_requested_at: null, last_error: null })
        const [onService] = (await sandbox.orders()).filter((o) => o.request.orderNumber === shipment.order_number)
        expect(onService.cancelledAt).toEqual(expect.any(String))
        expect((await sandbox.calls("cancel")).length).toBe(2)
        expect((await eventsOf(shipment.id)).filter((e) => e.status === "cancelled")).toHaveLength(1)
      })
    })
  },
})
