import { existsSync, writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { advanceDueShipmentsWorkflow } from "../src/workflows/advance-due-shipments"

/*
 * The second worker process of bench:create, run by `medusa exec` on the
 * benchmark's database: says it is ready, waits for the go, then runs what
 * the retry job runs, back to back, until told to stop.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export default async function drainDueShipments({ container }: ExecArgs) {
  const { BENCH_DRAIN_READY, BENCH_DRAIN_GO, BENCH_DRAIN_STOP, BENCH_DRAIN_RESULT } = process.env
  if (!BENCH_DRAIN_READY || !BENCH_DRAIN_GO || !BENCH_DRAIN_STOP || !BENCH_DRAIN_RESULT) {
    throw new Error("bench/create-drain-worker: BENCH_DRAIN_READY, _GO, _STOP and _RESULT must name files")
  }
  writeFileSync(BENCH_DRAIN_READY, String(process.pid))
  while (!existsSync(BENCH_DRAIN_GO)) await sleep(20)
  const statuses: Record<string, number> = {}
  while (!existsSync(BENCH_DRAIN_STOP)) {
    const { result } = await advanceDueShipmentsWorkflow(container).run({ input: { limit: 100 } })
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count
    if (!result.processed) await sleep(20)
  }
  writeFileSync(BENCH_DRAIN_RESULT, JSON.stringify(statuses))
}
