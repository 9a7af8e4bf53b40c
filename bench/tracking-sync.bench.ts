import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { randomUUID } from "node:crypto"
import { ShipmentOrdersClient } from "../src/lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { DEMO_MERCHANTS } from "../src/sandbox"
import { syncTrackingWorkflow } from "../src/workflows"
import { elapsedMs, growth, machineLoad, ratio, sampleMemory, seconds } from "./floor"
import { cpuMsOf, cpuMsOfTree, cpuMsSpent, parentPidOf } from "./cpu"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process"

/*
 * A full tracking sync of followed shipments against the sandbox over HTTP,
 * at each size of BENCH_SHIPMENTS: wall time, `status` calls and memory,
 * next to the floor: the same `status` calls (the same batches, one at a
 * time as the sync makes them) by the bare client against the same sandbox,
 * in the same run. The sandbox runs in a child process of its own, as the
 * carrier's service runs apart from the store: its request handling never
 * competes with the plugin's for the bench's event loop. Its orders are made
 * there directly (making them over HTTP would only time the set-up); both
 * runs talk to it over loopback.
 * 1,000,000 runs with BENCH_SHIPMENTS=100000,1000000 (see the README for
 * how long it takes here).
 */
jest.setTimeout(3_600_000)

const SIZES = (process.env.BENCH_SHIPMENTS || "10000,100000").split(",").map(Number)
const BATCH = Number(process.env.BENCH_BATCH || 100)
const TARGET_RATIO = 1.5
// Memory is sampled (with a forced collection) this often, in the plugin's run and the floor's alike.
const SAMPLE_MS = 5_000

// The sandbox runs in its own process, as the carrier's service does: see bench/sandbox-process.ts.
let sandbox: SandboxProcess

beforeAll(async () => {
  sandbox = await startSandboxProcess()
  Object.assign(process.env, {
    PICKUP_POINT_BASE_URL: sandbox.url,
    PICKUP_POINT_MERCHANT_CODE: DEMO_MERCHANTS.delivery.merchantCode,
    PICKUP_POINT_API_KEY: DEMO_MERCHANTS.delivery.apiKey,
    PICKUP_POINT_MERCHANT_TYPE: "DELIVERY",
    PICKUP_POINT_SYNC_BATCH_SIZE: String(BATCH),
  })
})

afterAll(async () => {
  await sandbox?.stop()
})

const statusCalls = async () => (await fetch(`${process.env.PICKUP_POINT_BASE_URL}/__sandbox/calls`).then((r) => r.json())).calls.length as number

/** CPU used so far, in ms, by the bench's process (the plugin, Medusa, the client), the sandbox's and PostgreSQL's. */
type Cpu = { bench: number; sandbox: number; postgres: Map<number, number> }
const cpuNow = (postmaster: number): Cpu => {
  const own = process.cpuUsage()
  return { bench: (own.user + own.system) / 1000, sandbox: cpuMsOf(sandbox.pid), postgres: cpuMsOfTree(postmaster) }
}
const cpuSpent = (from: Cpu, to: Cpu, wallMs: number): string =>
  `CPU: bench process ${seconds(to.bench - from.bench)}, sandbox ${seconds(to.sandbox - from.sandbox)}, PostgreSQL ${seconds(cpuMsSpent(from.postgres, to.postgres))} ` +
  `(${((to.bench - from.bench + to.sandbox - from.sandbox + cpuMsSpent(from.postgres, to.postgres)) / wallMs).toFixed(2)} cores busy on average)`

type Figures = { size: number; pluginMs: number; floorMs: number; calls: number; heapPeakMB: number; rssPeakMB: number }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ getContainer, dbConnection }) => {
    it(`syncs ${SIZES.join(", ")} shipments`, async () => {
      const report = ["", `bench/tracking-sync: batch size ${BATCH}, sandbox in its own process (pid ${sandbox.pid}) over HTTP on loopback; ${machineLoad()} at the start`]
      const all: Figures[] = []
      // Checked once the report is printed, so that a miss still shows the figures.
      const checks: (() => void)[] = []
      // PostgreSQL's server process: the parent of this connection's backend (its backends are its children).
      const [{ pid: backend }] = (await dbConnection.raw("SELECT pg_backend_pid() AS pid")).rows
      const postmaster = parentPidOf(Number(backend))
      for (const size of SIZES) {
        const references = await sandbox.seedStatusOrders(size)
        await dbConnection.raw("TRUNCATE pickup_point_tracking_event, pickup_point_shipment CASCADE")
        for (let start = 0; start < size; start += 10_000) {
          await dbConnection.raw(
            `INSERT INTO pickup_point_shipment (id, order_id, order_number, status, pickup_point_code, merchant_type, order_reference_code, tracking_stage)
             SELECT 'pushp_bench_' || ref, 'order_bench_' || ref, 'BENCH-' || ref, 'label_generated', 'PP-MI-001', 'DELIVERY', ref, 20
             FROM unnest(?::text[]) AS ref`,
            [references.slice(start, start + 10_000)]
          )
        }
        await dbConnection.raw("VACUUM ANALYZE pickup_point_shipment")

        // The plugin: the workflow the tracking job runs, without its per-run budget.
        const callsBefore = await statusCalls()
        let memory = sampleMemory(SAMPLE_MS)
        const pluginCpu = cpuNow(postmaster)
        let started = process.hrtime.bigint()
        const { result } = await syncTrackingWorkflow(getContainer()).run({ input: { max_batches: Number.MAX_SAFE_INTEGER } })
        const pluginMs = elapsedMs(started)
        const pluginCpuSpent = cpuSpent(pluginCpu, cpuNow(postmaster), pluginMs)
        const plugin = memory.stop()
        const calls = (await statusCalls()) - callsBefore

        // The floor: the same batches of the same references, one call at a time, by the bare client.
        const client = new ShipmentOrdersClient({
          baseUrl: process.env.PICKUP_POINT_BASE_URL!,
          merchantCode: DEMO_MERCHANTS.delivery.merchantCode,
          apiKey: DEMO_MERCHANTS.delivery.apiKey,
        })
        memory = sampleMemory(SAMPLE_MS)
        const floorCpu = cpuNow(postmaster)
        started = process.hrtime.bigint()
        for (let start = 0; start < size; start += BATCH) {
          await client.status(references.slice(start, start + BATCH).map((orderReferenceCode) => ({ orderReferenceCode })))
        }
        const floorMs = elapsedMs(started)
        const floorCpuSpent = cpuSpent(floorCpu, cpuNow(postmaster), floorMs)
        const floor = memory.stop()

        const [{ moved, synced }] = (
          await dbConnection.raw("SELECT count(*) FILTER (WHERE tracking_stage = 30)::int AS moved, count(*) FILTER (WHERE last_synced_at IS NOT NULL)::int AS synced FROM pickup_point_shipment")
        ).rows
        // Where the rest goes: the module's claim and release of the same batches alone (SQL, no call).
        const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
        started = process.hrtime.bigint()
        const owner = randomUUID()
        const runStartedAt = new Date()
        for (;;) {
          const claimed = await pickupPoints.claimSyncBatch({ limit: BATCH, runStartedAt, owner, leaseMs: 60_000 })
          if (!claimed.length) break
          await pickupPoints.releaseSyncBatch(claimed.map((c) => c.id), owner, true)
        }
        const claimMs = elapsedMs(started)

        all.push({ size, pluginMs, floorMs, calls, heapPeakMB: plugin.heapPeakMB, rssPeakMB: plugin.rssPeakMB })
        report.push(
          `${String(size).padStart(8)} shipments: plugin ${seconds(pluginMs)}, floor ${seconds(floorMs)}, ${ratio(pluginMs, floorMs, TARGET_RATIO)}; ` +
            `${calls} status calls seen by the sandbox (target ${Math.ceil(size / BATCH)}), ${result.calls} of them this run's, ${result.synced} synced by this run (${synced - result.synced} by the app's own tracking job meanwhile), ${moved} moved to shipped${result.error ? ` (stopped: ${result.error})` : ""}; ` +
            `claim and release SQL alone ${seconds(claimMs)}, so recording, Medusa's side and the workflow take the other ${seconds(Math.max(0, pluginMs - floorMs - claimMs))}; ` +
            `live heap +${plugin.heapPeakMB.toFixed(0)} MB at peak, +${plugin.heapAfterMB.toFixed(0)} MB after (floor +${floor.heapPeakMB.toFixed(0)} MB), RSS peak ${plugin.rssPeakMB.toFixed(0)} MB; ` +
            `plugin's ${pluginCpuSpent}; floor's ${floorCpuSpent}`
        )
        checks.push(() => {
          // The app's own tracking job may take some batches meanwhile: every shipment synced once, by either.
          expect(synced).toBe(size)
          // This run's own calls: one per batch it synced (the sandbox also counts the job's calls and any retried attempt).
          expect(result.calls).toBe(Math.ceil(result.synced / BATCH))
          expect(moved).toBe(Math.floor(size / 2))
        })
      }
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]]
        report.push(`${a.size} → ${b.size}: plugin ${growth(a.pluginMs, b.pluginMs, b.size / a.size)}, floor ${growth(a.floorMs, b.floorMs, b.size / a.size)}`)
      }
      report.push(
        `targets: at most ceil(N / ${BATCH}) status calls; wall time ≤ ${TARGET_RATIO}× the floor; growth close to the size factor; live heap not growing with N; ${machineLoad()} at the end`,
        ""
      )
      console.log(report.join("\n"))
      checks.forEach((check) => check())
      // Flat memory: the live heap's peak growth does not follow the number of shipments.
      const [first, last] = [all[0], all[all.length - 1]]
      expect(last.heapPeakMB).toBeLessThan(first.heapPeakMB + 64)
    })
  },
})
