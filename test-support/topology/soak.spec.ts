import { formatSoakReport, runSoak, writeOrderTable, type SoakReport } from "./soak"
import { startTopology, type Topology } from "./topology"

jest.setTimeout(720_000)

/**
 * The small soak on Medusa's production topology (redis-server, one server,
 * two workers): orders under faults on 30% of the service's calls, each
 * duplicate admin action at least twice, a worker killed and restarted; then
 * nothing may be lost, doubled or left half-way. `npm run bench:soak` is the
 * large one, with figures.
 */
describe("the shipment lifecycle on Medusa's production topology", () => {
  let topology: Topology
  let report: SoakReport

  beforeAll(async () => {
    topology = await startTopology()
    report = await runSoak(topology, {
      orders: Number(process.env.SOAK_ORDERS || 20),
      concurrency: 4,
      faultProbability: 0.3,
      crashAt: 0.5,
      // A worker killed mid-call leaves its claim to lapse first: with the topology's options the
      // lease is its 60 s minimum (twice the longest call would be 56 s: 6 s label deadline, 2
      // retries, 5 s backoff), then the retry job (every 5 s) takes the shipment up again.
      settleTimeoutMs: 150_000,
    })
    console.log(formatSoakReport(report, { allOrders: true, tableFile: writeOrderTable(report, topology.logDir) }))
  })

  afterAll(async () => {
    await topology?.stop()
  })

  it("places every order, faults and a crash notwithstanding, and each duplicate action is tried", () => {
    expect(report.totals.checkout_failures).toBe(0)
    expect(report.totals.faults_injected).toBeGreaterThan(0)
    expect(report.timings.restartMs).not.toBeNull()
    for (const action of ["fulfill x2", "cancel x2", "send code x2", "handover x2"]) {
      expect(Object.keys(report.actionOutcomes).some((k) => k.startsWith(`${action} ->`))).toBe(true)
    }
  })

  it("loses, doubles and strands nothing", () => {
    const flagged = report.orders.filter((o) => o.findings.length).map((o) => `${o.display_id} ${o.plan} ${o.shipment_status}: ${o.findings.join(", ")}`)
    expect(flagged).toEqual([])
    expect(report.timings.settled).toBe(true)
    expect(report.totals).toMatchObject({
      lost: 0,
      duplicated: 0,
      stuck: 0,
      labels_twice: 0,
      fulfilments_without_shipment: 0,
      cancel_not_carried_out: 0,
      codes_sent_twice: 0,
      handovers_twice: 0,
    })
  })
})
