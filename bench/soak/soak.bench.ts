import { formatSoakReport, runSoak, writeOrderTable } from "../../test-support/topology/soak"
import { startTopology, type Topology } from "../../test-support/topology/topology"

/**
 * `npm run bench:soak`: SOAK_ORDERS orders (default 1,000) through the store
 * API of Medusa's production topology (redis-server, one server, two
 * workers), the sandbox failing SOAK_FAULT_PROBABILITY (default 30%) of every
 * kind of call with every kind of fault, duplicate admin actions at once,
 * worker 1 killed (SIGKILL) mid-run and started again. Prints, per order
 * with a finding and in totals, what was lost, doubled or stranded, and the
 * refusals that stayed after their retries. Figures only: nothing is asserted.
 */
const orders = Number(process.env.SOAK_ORDERS || 1_000)
const settleTimeoutMs = Number(process.env.SOAK_SETTLE_MS || 600_000)
jest.setTimeout(Number(process.env.SOAK_TIMEOUT_MS || 3 * 3_600_000))

let topology: Topology

afterAll(async () => {
  await topology?.stop()
})

it(`soaks ${orders} orders on the production topology under faults, races and a worker crash`, async () => {
  const booting = Date.now()
  topology = await startTopology()
  console.log(`[soak] topology up in ${Math.round((Date.now() - booting) / 1000)} s (logs: ${topology.logDir})`)
  const report = await runSoak(topology, {
    orders,
    concurrency: Number(process.env.SOAK_CONCURRENCY || 8),
    faultProbability: Number(process.env.SOAK_FAULT_PROBABILITY || 0.3),
    crashAt: 0.4,
    settleTimeoutMs,
    seed: Number(process.env.SOAK_SEED || 12),
    log: (line) => process.stdout.write(`${line}\n`),
  })
  const table = writeOrderTable(report, topology.logDir)
  console.log(formatSoakReport(report, { allOrders: orders <= 100 || process.env.SOAK_PRINT_ALL === "1", tableFile: table }))
  expect(report.totals.placed + report.totals.checkout_failures).toBe(orders)
})
