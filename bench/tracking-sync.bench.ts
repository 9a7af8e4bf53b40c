import type { AddressInfo } from "node:net"
import v8 from "node:v8"
import vm from "node:vm"
import type { Server } from "node:http"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createSandboxApp, demoSeed, DEMO_MERCHANTS, SandboxService } from "../src/sandbox"
import { syncTrackingWorkflow } from "../src/workflows"

/*
 * A full tracking sync of 10,000 and 100,000 open shipments against the
 * sandbox over HTTP: wall time, `status` calls, and memory during the run.
 * The sandbox's orders are made in-process (making 100,000 over HTTP would
 * only time the set-up); the sync itself talks to it over loopback.
 */
jest.setTimeout(1_800_000)

// A real collection before each reading, so that the figures are live memory, not garbage not yet collected.
v8.setFlagsFromString("--expose-gc")
const collect: () => void = vm.runInNewContext("gc")

const SIZES = (process.env.BENCH_SHIPMENTS || "10000,100000").split(",").map(Number)
const BATCH = Number(process.env.BENCH_BATCH || 100)

const service = new SandboxService(0, demoSeed())
let server: Server

beforeAll(async () => {
  server = createSandboxApp({ importDelayMs: 0, service }).listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  Object.assign(process.env, {
    PICKUP_POINT_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PICKUP_POINT_MERCHANT_CODE: DEMO_MERCHANTS.delivery.merchantCode,
    PICKUP_POINT_API_KEY: DEMO_MERCHANTS.delivery.apiKey,
    PICKUP_POINT_MERCHANT_TYPE: "DELIVERY",
    PICKUP_POINT_SYNC_BATCH_SIZE: String(BATCH),
  })
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const merchant = service.authenticate(DEMO_MERCHANTS.delivery.merchantCode, DEMO_MERCHANTS.delivery.apiKey)

/** Open orders on the sandbox, half of which the network has moved on since the label. */
function sandboxOrders(count: number): string[] {
  service.reset()
  const references: string[] = []
  for (let i = 0; i < count; i++) {
    const orderNumber = `BENCH-${i}`
    const { orderReferenceCode } = service.create(merchant, {
      customer: "Bench Customer", customerEmail: "bench@example.com", customerPhone: "+39 1",
      orderNumber, orderNumberRif: orderNumber, reference: `ref-${i}`, orderDate: "20261122", description: "Bench",
      codePickupPoint: "PP-MI-001", proximityPrice: 3.9, orderCountInCurrentYear: 0, rows: [{ description: "Item" }],
    })
    if (i % 2) service.recordNetworkStatus(orderReferenceCode, "ST_0003", undefined, "network")
    references.push(orderReferenceCode)
  }
  return references
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ getContainer, dbConnection }) => {
    it(`syncs ${SIZES.join(" and ")} shipments`, async () => {
      const report = ["", `bench/tracking-sync: batch size ${BATCH}, sandbox over HTTP on loopback`]
      for (const size of SIZES) {
        const references = sandboxOrders(size)
        await dbConnection.raw("TRUNCATE pickup_point_tracking_event, pickup_point_shipment CASCADE")
        for (let start = 0; start < size; start += 10_000) {
          const chunk = references.slice(start, start + 10_000)
          await dbConnection.raw(
            `INSERT INTO pickup_point_shipment (id, order_id, order_number, status, pickup_point_code, merchant_type, order_reference_code, tracking_stage)
             SELECT 'pushp_bench_' || ref, 'order_bench_' || ref, 'BENCH-' || ref, 'label_generated', 'PP-MI-001', 'DELIVERY', ref, 20
             FROM unnest(?::text[]) AS ref`,
            [chunk]
          )
        }
        await dbConnection.raw("ANALYZE pickup_point_shipment")

        collect()
        const callsBefore = (await fetch(`${process.env.PICKUP_POINT_BASE_URL}/__sandbox/calls`).then((r) => r.json())).calls.length
        const heapStart = process.memoryUsage().heapUsed
        let heapPeak = heapStart
        let rssPeak = process.memoryUsage().rss
        const sampler = setInterval(() => {
          rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
          collect()
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
        }, 1_000)

        const started = process.hrtime.bigint()
        const { result } = await syncTrackingWorkflow(getContainer()).run({ input: { max_batches: Number.MAX_SAFE_INTEGER } })
        const seconds = Number(process.hrtime.bigint() - started) / 1e9
        clearInterval(sampler)
        collect()
        const heapAfter = process.memoryUsage().heapUsed

        const calls = (await fetch(`${process.env.PICKUP_POINT_BASE_URL}/__sandbox/calls`).then((r) => r.json())).calls.length - callsBefore
        const [{ moved }] = (await dbConnection.raw("SELECT count(*)::int AS moved FROM pickup_point_shipment WHERE tracking_stage = 30")).rows
        report.push(
          `${String(size).padStart(7)} shipments: ${seconds.toFixed(1).padStart(6)} s, ${calls} status calls (target ${Math.ceil(size / BATCH)}), ` +
            `${result.synced} synced${result.error ? ` (stopped: ${result.error})` : ""}, ${moved} moved to shipped, live heap +${((heapPeak - heapStart) / 2 ** 20).toFixed(0)} MB at peak and ${((heapAfter - heapStart) / 2 ** 20).toFixed(0)} MB after, RSS peak ${(rssPeak / 2 ** 20).toFixed(0)} MB`
        )
        expect(result.synced).toBe(size)
      }
      report.push("targets: 100,000 shipments in at most ceil(100,000 / batch size) calls and under 120 s; memory not growing with the count", "")
      console.log(report.join("\n"))
    })
  },
})
