import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Client } from "pg"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { ShipmentOrdersClient, type CreateShipmentOrderInput } from "../src/lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { DEMO_MERCHANTS } from "../src/sandbox"
import { advanceDueShipmentsWorkflow } from "../src/workflows/advance-due-shipments"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { seedStore, type SeededStore } from "../integration-tests/helpers/seed-store"
import { eachConcurrently, elapsedMs, growth, machineLoad, ratio, seconds } from "./floor"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process"
import { cpuMsOf, cpuMsOfTree, cpuMsSpent, parentPidOf } from "./cpu"
import { timeCreatePhases } from "./create-phases"
import { BATCHES_AT_ONCE, ORDERS_PER_BATCH } from "../src/subscribers/create-shipment-order-on-order-placed"
import { readOrdersForShipment } from "../src/workflows/steps/build-shipment-intent"
import { SHIPMENTS_AT_ONCE } from "../src/workflows/steps/advance-shipments"

/*
 * A burst of placed orders: `order.placed` for each at once, as the event
 * bus delivers them, and the time until the last one's shipment order is
 * created on the service. The floor is the same creates (the same request
 * bodies, new order numbers) by the bare client against the same sandbox
 * at the plugin's own limit of creates at once in one process (two batches
 * of eight). The peak the plugin reached is printed too, from its own call
 * log: the sandbox cannot count it, as it answers each create before it
 * reads the next. Every order must get exactly one shipment order.
 *
 * Then the retry path with one worker process and with two: shipment orders
 * whose create failed (the service answered 503 to every create during the
 * burst) are drained by the retry job's workflow run back to back, in this
 * process alone, then in this process and a second Medusa process
 * (`medusa exec bench/create-drain-worker.ts` on the same database).
 */
jest.setTimeout(3_600_000)
useSandboxForApp()

const SIZES = (process.env.BENCH_ORDERS || "1000,10000").split(",").map(Number)
const DRAIN = Number(process.env.BENCH_DRAIN || 1000)
const PHASE_ORDERS = Number(process.env.BENCH_PHASE_ORDERS || 100)
const TARGET_RATIO = 2
const DB_NAME = `bench-create-${process.pid}`
// The plugin's limit of creates in flight in one process: its batches at once, each with its shipments at once.
const FLOOR_CONCURRENCY = BATCHES_AT_ONCE * SHIPMENTS_AT_ONCE

// The sandbox in its own process, as the carrier's service runs apart from the store (bench/sandbox-process.ts).
let sandbox: SandboxProcess

beforeAll(async () => {
  sandbox = await startSandboxProcess()
  process.env.PICKUP_POINT_BASE_URL = sandbox.url
})

afterAll(async () => {
  await sandbox?.stop()
})

const control = (method: string, route: string, body?: unknown) =>
  fetch(`${process.env.PICKUP_POINT_BASE_URL}/__sandbox${route}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json())

/** `count` placed orders shipped to PP-MI-001, made by the Order Module in chunks (their checkout is not what is measured). */
async function placeOrders(container: MedusaContainer, store: SeededStore, count: number): Promise<string[]> {
  const orders = container.resolve(Modules.ORDER)
  const ids: string[] = []
  for (let start = 0; start < count; start += 500) {
    const made = await orders.createOrders(
      Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        region_id: store.region.id,
        sales_channel_id: store.salesChannel.id,
        currency_code: "eur",
        email: `bench-${start + i}@example.com`,
        shipping_address: { first_name: "Bench", last_name: "Shopper", phone: "+39 02 1234567", address_1: "Via Roma 1", city: "Milano", postal_code: "20121", country_code: "it" },
        items: [{ title: "Sneakers", product_title: "Sneakers", variant_id: store.variant.id, variant_sku: "SNK-42", variant_title: "42", quantity: 1, unit_price: 59.9 }],
        shipping_methods: [{ name: "Pickup point", amount: 4.9, shipping_option_id: store.shippingOption.id, data: { pickup_point_code: "PP-MI-001" } }],
      }))
    )
    ids.push(...made.map((order) => order.id))
  }
  return ids
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

medusaIntegrationTestRunner({
  inApp: true,
  dbName: DB_NAME,
  env: {},
  testSuite: ({ getContainer, dbConnection }) => {
    it(`creates the shipment orders of bursts of ${SIZES.join(" and ")} orders, and drains ${DRAIN} with one and two processes`, async () => {
      const container = getContainer()
      const store = await seedStore(container)
      const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
      await pickupPoints.createPickupPoints({ code: "PP-MI-001", name: "Edicola Duomo", address: "Piazza del Duomo 1", city: "Milano", postcode: "20122", country_code: "it" })
      const eventBus = container.resolve(Modules.EVENT_BUS)
      const client = new ShipmentOrdersClient({
        baseUrl: process.env.PICKUP_POINT_BASE_URL!,
        merchantCode: DEMO_MERCHANTS.delivery.merchantCode,
        apiKey: DEMO_MERCHANTS.delivery.apiKey,
      })
      // The polls have a connection of their own: a burst can hold every connection of the app's pool.
      const { DB_HOST = "localhost", DB_PORT = "5432", DB_USERNAME = "postgres", DB_PASSWORD = "" } = process.env
      const databaseUrl = `postgres://${DB_USERNAME}${DB_PASSWORD ? `:${encodeURIComponent(DB_PASSWORD)}` : ""}@${DB_HOST}:${DB_PORT}/${DB_NAME}`
      const poll = new Client({ connectionString: databaseUrl })
      await poll.connect()
      // The ids of each set polled are sent once, into a table of the poll's session: sending 10,000 ids every 50 ms cost the bench's
      // process (the plugin's) about 1% of its CPU in a profile.
      const watched = new Map<string[], string>()
      const created = async (ids: string[]) => {
        let table = watched.get(ids)
        if (!table) {
          table = `watched_${watched.size}`
          await poll.query(`CREATE TEMP TABLE ${table} AS SELECT unnest($1::text[]) AS order_id`, [ids])
          await poll.query(`ANALYZE ${table}`)
          watched.set(ids, table)
        }
        const { rows } = await poll.query(
          `SELECT count(*)::int AS n FROM pickup_point_shipment JOIN ${table} USING (order_id) WHERE pickup_point_shipment.order_reference_code IS NOT NULL`
        )
        return rows[0].n as number
      }
      /** Polls until every order has its shipment order on the service; the time it was first seen complete. */
      const untilCreated = async (ids: string[], started: bigint, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs
        while ((await created(ids)) < ids.length) {
          if (Date.now() > deadline) throw new Error(`only ${await created(ids)} of ${ids.length} shipment orders created after ${timeoutMs / 1000} s`)
          await sleep(50)
        }
        return elapsedMs(started)
      }
      /** Exactly one shipment order per order: one row each, and one order on the service per order number. */
      const expectExactlyOne = async (ids: string[]) => {
        const rows: { order_number: string }[] = (await dbConnection.raw("SELECT order_number FROM pickup_point_shipment WHERE order_id = ANY(?)", [ids])).rows
        expect(rows).toHaveLength(ids.length)
        const numbers = new Set(rows.map((row) => row.order_number))
        const { orders }: { orders: { request: { orderNumber: string } }[] } = await control("GET", "/orders")
        const onService = orders.filter((order) => numbers.has(order.request.orderNumber))
        expect(onService).toHaveLength(ids.length)
      }

      /**
       * The most create calls the plugin had in flight at once since `since`, from its call log
       * (each call's end and duration, to the millisecond), once the log's background write is done.
       */
      const peakCreatesInFlight = async (since: Date) => {
        await sleep(1_000)
        const calls: { ended: number; duration: number }[] = (
          await poll.query(
            "SELECT (extract(epoch FROM called_at) * 1000)::float8 AS ended, duration_ms AS duration FROM pickup_point_service_call WHERE operation = 'create' AND called_at >= $1",
            [since]
          )
        ).rows
        // A call's start counts +1, its end -1; at the same instant, ends first.
        const edges = calls.flatMap(({ ended, duration }) => [[ended - duration, 1], [ended, -1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
        let inFlight = 0
        let peak = 0
        for (const [, step] of edges) peak = Math.max(peak, (inFlight += step))
        return peak
      }

      // Where the CPU goes: this process (Medusa, the plugin and the poll), PostgreSQL's server and backends, the sandbox.
      const [{ pid: backend }] = (await dbConnection.raw("SELECT pg_backend_pid() AS pid")).rows
      const postmaster = parentPidOf(Number(backend))
      const processCpuNow = () => {
        const own = process.cpuUsage()
        return { bench: (own.user + own.system) / 1000, sandbox: cpuMsOf(sandbox.pid), postgres: cpuMsOfTree(postmaster) }
      }
      const report = ["", `bench/shipment-create: sandbox in its own process (pid ${sandbox.pid}) over HTTP on loopback, Medusa's in-process event bus; ${machineLoad()} at the start`]
      const figures: { size: number; pluginMs: number; floorMs: number }[] = []
      for (const size of SIZES) {
        const ids = await placeOrders(container, store, size)
        await dbConnection.raw("ANALYZE")
        expect(await created(ids)).toBe(0)
        const burstAt = new Date()
        const burstCpu = processCpuNow()
        const started = process.hrtime.bigint()
        await eventBus.emit(ids.map((id) => ({ name: "order.placed", data: { id } })))
        const pluginMs = await untilCreated(ids, started, 1_800_000)
        const burstCpuEnd = processCpuNow()
        await expectExactlyOne(ids)
        const peak = await peakCreatesInFlight(burstAt)

        // The floor: the same request bodies under new order numbers, by the bare client, at the same concurrency.
        const requests: CreateShipmentOrderInput[] = (
          await dbConnection.raw("SELECT request FROM pickup_point_shipment WHERE order_id = ANY(?) ORDER BY created_at", [ids])
        ).rows.map((row: { request: CreateShipmentOrderInput }, i: number) => ({ ...row.request, orderNumber: `FLOOR-${size}-${i}`, orderNumberRif: `FLOOR-${size}-${i}` }))
        const floorStarted = process.hrtime.bigint()
        await eachConcurrently(requests, FLOOR_CONCURRENCY, async (request) => {
          await client.create(request)
        })
        const floorMs = elapsedMs(floorStarted)
        // What else no plugin can skip: reading the orders from Medusa (the Order Module, with the plugin's fields), a batch at a time.
        const readStarted = process.hrtime.bigint()
        for (let start = 0; start < ids.length; start += ORDERS_PER_BATCH) await readOrdersForShipment(container, ids.slice(start, start + ORDERS_PER_BATCH))
        const readMs = elapsedMs(readStarted)
        figures.push({ size, pluginMs, floorMs })
        report.push(
          `${String(size).padStart(6)} orders: last shipment order created after ${seconds(pluginMs)} (${(size / (pluginMs / 1000)).toFixed(0)}/s), ` +
            `floor ${seconds(floorMs)} at concurrency ${FLOOR_CONCURRENCY} (the plugin's limit in one process; its peak of creates in flight, from its call log: ${peak}), ${ratio(pluginMs, floorMs, TARGET_RATIO)}; ` +
            `exactly one shipment order each: ${size} of ${size}; ` +
            `the same orders read alone as the plugin reads them (${ORDERS_PER_BATCH} at a time, one read after another) ${seconds(readMs)}: ` +
            `the plugin against the creates and the read added up, ${ratio(pluginMs, floorMs + readMs)}; ` +
            `CPU during the burst: this process ${seconds(burstCpuEnd.bench - burstCpu.bench)} (${((burstCpuEnd.bench - burstCpu.bench) / pluginMs).toFixed(2)} of its wall time, ` +
            `all its threads), PostgreSQL ${seconds(cpuMsSpent(burstCpu.postgres, burstCpuEnd.postgres))}, ` +
            `sandbox ${seconds(burstCpuEnd.sandbox - burstCpu.sandbox)}`
        )
        console.log(report.join("\n"))
      }
      for (let i = 1; i < figures.length; i++) {
        const [a, b] = [figures[i - 1], figures[i]]
        report.push(`${a.size} → ${b.size}: plugin ${growth(a.pluginMs, b.pluginMs, b.size / a.size)}, floor ${growth(a.floorMs, b.floorMs, b.size / a.size)}`)
      }

      report.push(...(await timeCreatePhases(container, await placeOrders(container, store, PHASE_ORDERS), client)))
      console.log(report.join("\n"))

      // The retry path: one process, then two on the same database.
      const files = mkdtempSync(path.join(os.tmpdir(), "bench-create-"))
      const signal = (name: string) => path.join(files, name)
      const worker = spawn(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "exec", "./bench/create-drain-worker.ts"], {
        cwd: path.resolve(__dirname, ".."),
        env: {
          ...process.env,
          NODE_OPTIONS: "",
          DATABASE_URL: databaseUrl,
          MEDUSA_ADMIN_DISABLED: "true",
          BENCH_DRAIN_READY: signal("ready"),
          BENCH_DRAIN_GO: signal("go"),
          BENCH_DRAIN_STOP: signal("stop"),
          BENCH_DRAIN_RESULT: signal("result"),
        },
        stdio: ["ignore", "pipe", "pipe"],
      })
      let workerLog = ""
      worker.stdout.on("data", (chunk) => (workerLog = (workerLog + chunk).slice(-20_000)))
      worker.stderr.on("data", (chunk) => (workerLog = (workerLog + chunk).slice(-20_000)))

      const failedBurst = async () => {
        await control("POST", "/faults", { operation: "create", kind: "http_503", probability: 1 })
        const ids = await placeOrders(container, store, DRAIN)
        await eventBus.emit(ids.map((id) => ({ name: "order.placed", data: { id } })))
        const deadline = Date.now() + 600_000
        for (;;) {
          const [{ n }] = (await dbConnection.raw("SELECT count(*)::int AS n FROM pickup_point_shipment WHERE order_id = ANY(?) AND status = 'pending' AND (lease_until IS NULL OR lease_until < now())", [ids])).rows
          if (n >= DRAIN) break
          if (Date.now() > deadline) throw new Error(`the failed burst left ${n} of ${DRAIN} shipments pending`)
          await sleep(200)
        }
        await control("DELETE", "/faults")
        // Their poll's table made before the clock starts (none of them created yet).
        expect(await created(ids)).toBe(0)
        return ids
      }
      const drainHere = async (ids: string[], until: () => boolean) => {
        while (!until()) {
          const { result } = await advanceDueShipmentsWorkflow(container).run({ input: { limit: 100 } })
          if (!result.processed) {
            if ((await created(ids)) === ids.length) return
            await sleep(20)
          }
        }
      }

      // Where the drains' CPU goes: this process, the second one, PostgreSQL's server and backends, the sandbox.
      const cpuNow = () => ({ ...processCpuNow(), worker: worker.pid ? cpuMsOf(worker.pid) : 0 })
      const cpuSpent = (from: ReturnType<typeof cpuNow>, to: ReturnType<typeof cpuNow>, wallMs: number) => {
        const [bench, second, sandboxMs, postgres] = [to.bench - from.bench, to.worker - from.worker, to.sandbox - from.sandbox, cpuMsSpent(from.postgres, to.postgres)]
        return (
          `CPU: this process ${seconds(bench)}, the second ${seconds(second)}, PostgreSQL ${seconds(postgres)}, sandbox ${seconds(sandboxMs)} ` +
          `(${((bench + second + postgres + sandboxMs) / wallMs).toFixed(2)} of ${os.cpus().length} cores busy on average)`
        )
      }

      const alone = await failedBurst()
      let cpuFrom = cpuNow()
      let started = process.hrtime.bigint()
      await drainHere(alone, () => false)
      const oneMs = elapsedMs(started)
      const oneCpu = cpuSpent(cpuFrom, cpuNow(), oneMs)
      await expectExactlyOne(alone)

      const deadline = Date.now() + 300_000
      while (!existsSync(signal("ready"))) {
        if (worker.exitCode !== null || Date.now() > deadline) throw new Error(`the second process did not start:\n${workerLog.slice(-4_000)}`)
        await sleep(200)
      }
      const together = await failedBurst()
      cpuFrom = cpuNow()
      started = process.hrtime.bigint()
      writeFileSync(signal("go"), "")
      let done = false
      const finished = untilCreated(together, started, 600_000).then((ms) => ((done = true), ms))
      await drainHere(together, () => done)
      const twoMs = await finished
      const twoCpu = cpuSpent(cpuFrom, cpuNow(), twoMs)
      writeFileSync(signal("stop"), "")
      await new Promise((resolve) => worker.once("exit", resolve))
      const byWorker = existsSync(signal("result")) ? readFileSync(signal("result"), "utf8") : "(no result)"
      await expectExactlyOne(together)

      report.push(
        `retry drain of ${DRAIN} failed creates: one process ${seconds(oneMs)}, two processes ${seconds(twoMs)} ` +
          `(${(oneMs / twoMs).toFixed(2)}× as fast; target: faster than one: ${twoMs < oneMs ? "met" : "MISSED"}); the second process's outcomes ${byWorker}`,
        `  one process: ${oneCpu}`,
        `  two processes: ${twoCpu}`,
        `targets: exactly one shipment order per order; ≤ ${TARGET_RATIO}× the floor; two processes faster than one; ${machineLoad()} at the end`,
        ""
      )
      console.log(report.join("\n"))
      await poll.end()
    })
  },
})
