import { writeFileSync } from "node:fs"
import path from "node:path"
import { checkoutThroughStoreApi, type PlacedOrder } from "../../integration-tests/helpers/store-checkout"
import { OPEN_CREATION_STATUSES } from "../../src/modules/pickup-point/lib/statuses"
import type { Topology } from "./topology"

/** What the soak does to an order after placing it; every tenth order of each kind gets a duplicate admin action. */
export type Plan = "fulfill_twice" | "cancel_twice" | "code_twice" | "handover_twice" | "fulfill" | "place"

const PLAN_CYCLE: Plan[] = ["fulfill_twice", "cancel_twice", "code_twice", "handover_twice", "fulfill", "fulfill", "place", "place", "place", "place"]

/** PP-MI-002 hands parcels over against an e-mailed code (sandbox demo seed); PP-MI-001 does not. */
const CODE_POINT = "PP-MI-002"
const PLAIN_POINT = "PP-MI-001"

export type SoakOptions = {
  orders: number
  /** Orders placed and worked on at once. */
  concurrency: number
  /** The share of every merchant API call that fails, with a random kind of fault. */
  faultProbability: number
  /** SIGKILL worker 1 when this share of the orders is placed, then start it again; null: no crash. */
  crashAt: number | null
  /** How long to wait, with faults lifted, for every shipment to reach a final state. */
  settleTimeoutMs: number
  seed?: number
  log?: (line: string) => void
}

type ActionOutcome = { action: string; statuses: number[]; refusal?: string }

type OrderRun = {
  index: number
  plan: Plan
  order?: PlacedOrder
  checkoutError?: string
  actions: ActionOutcome[]
}

export type OrderFigures = {
  display_id: number
  order_id: string
  plan: Plan
  medusa_status: string
  shipment_status: string
  last_error: string | null
  /** Shipment orders for this order on the service: 0 = lost, 2+ = duplicated. */
  service_orders: number
  live_service_orders: number
  stuck: boolean
  labelled_fulfilments: number
  fulfilments_without_shipment: number
  codes_sent: number
  handovers: number
  actions: string
  findings: string[]
}

export type SoakReport = {
  options: Omit<SoakOptions, "log">
  timings: { placeMs: number; settleMs: number; totalMs: number; ordersPerMinute: number; settled: boolean; crashAtOrder: number | null; restartMs: number | null }
  totals: {
    placed: number
    checkout_failures: number
    lost: number
    duplicated: number
    stuck: number
    labels_twice: number
    fulfilments_without_shipment: number
    cancel_not_carried_out: number
    codes_sent_twice: number
    handovers_twice: number
    refusals_after_retries: number
    faults_injected: number
    service_calls: number
  }
  shipmentsByStatus: Record<string, number>
  actionOutcomes: Record<string, number>
  orders: OrderFigures[]
  refusals: { display_id: number; order_id: string; last_error: string | null }[]
  checkoutErrors: string[]
}

/** Live pickup-point fulfilments that are not their shipment's (a label still being made, or one left behind). */
const UNLINKED_FULFILMENTS_SQL = `SELECT count(*) FROM order_fulfillment link
    JOIN fulfillment f ON f.id = link.fulfillment_id
    LEFT JOIN pickup_point_shipment s ON s.order_id = link.order_id AND s.deleted_at IS NULL
   WHERE link.deleted_at IS NULL AND f.deleted_at IS NULL AND f.canceled_at IS NULL
     AND f.provider_id = 'pickup-point_pickup-point' AND s.fulfillment_id IS DISTINCT FROM f.id`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The soak: orders placed through the store API while the sandbox fails a
 * share of every call, duplicate admin actions at once, and a worker killed
 * mid-run and started again; then faults are lifted, the jobs left to
 * settle things, and what each order ended with is read back from Medusa's
 * database and the service.
 */
export async function runSoak(topology: Topology, options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined)
  const started = Date.now()
  const { api, admin, store, sandbox } = topology
  /** An admin POST; answers the HTTP status (0: no answer) and keeps the last refusal's message. */
  const lastRefusal = new Map<string, string>()
  const adminCall = (url: string, body: unknown = {}) =>
    api.request({ method: "post", url, data: body, headers: admin.headers, validateStatus: () => true }).then(
      (r) => {
        if (r.status >= 300) lastRefusal.set(url, `${r.status} ${String(r.data?.message ?? "").slice(0, 160)}`)
        return r.status
      },
      (error: Error) => {
        lastRefusal.set(url, `no answer: ${error.message}`)
        return 0
      }
    )

  await sandbox.control.delete("/faults")
  const fault = await sandbox.control.post("/faults", { operation: "*", kind: "*", probability: options.faultProbability, seed: options.seed ?? 12 })
  if (fault.status !== 201) throw new Error(`The sandbox refused the fault setting: ${JSON.stringify(fault.data)}`)

  const runs: OrderRun[] = Array.from({ length: options.orders }, (_, index) => ({ index, plan: PLAN_CYCLE[index % PLAN_CYCLE.length], actions: [] }))
  let next = 0
  let placed = 0
  const crashAtOrder = options.crashAt === null ? null : Math.max(1, Math.floor(options.orders * options.crashAt))
  let restart: Promise<number> | null = null

  const shipmentOf = async (orderId: string) =>
    (await topology.sql<{ id: string; status: string; order_reference_code: string | null }>(
      "SELECT id, status, order_reference_code FROM pickup_point_shipment WHERE order_id = $1 AND deleted_at IS NULL",
      [orderId]
    ))[0]

  const untilStatus = async (orderId: string, statuses: string[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const shipment = await shipmentOf(orderId)
      if (shipment && statuses.includes(shipment.status)) return shipment
      await sleep(500)
    }
    return shipmentOf(orderId)
  }
  /** Waits, as an admin would, until the shipment is on the service (or gave up). */
  const onService = (orderId: string) => untilStatus(orderId, ["ready", "label_generated", "confirmed", "failed", "cancelled"], 120_000)

  /** Runs an admin action once, or twice at once, and again (once) until it succeeds, as an admin retrying would. */
  const act = async (run: OrderRun, name: string, url: string, body: unknown, twice: boolean) => {
    const call = () => adminCall(url, body)
    const statuses = twice ? await Promise.all([call(), call()]) : [await call()]
    for (let attempt = 0; attempt < 5 && !statuses.some((s) => s >= 200 && s < 300); attempt++) {
      await sleep(1_500)
      statuses.push(await call())
    }
    const succeeded = statuses.some((s) => s >= 200 && s < 300)
    run.actions.push({ action: twice ? `${name} x2` : name, statuses, refusal: succeeded ? undefined : lastRefusal.get(url) })
    return succeeded
  }

  const fulfill = (run: OrderRun, order: PlacedOrder, twice: boolean) =>
    act(run, "fulfill", `/admin/orders/${order.id}/fulfillments`, {
      items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })),
      location_id: store.location.id,
    }, twice)

  const emailedCode = async (reference: string) => {
    const { data } = await sandbox.control.get("/emails")
    return (data.emails as { orderReferenceCode: string; code: string }[]).filter((e) => e.orderReferenceCode === reference).at(-1)?.code
  }

  /**
   * Sends the code and reads it from the sandbox's outbox. When the carrier's
   * answer was lost the send is "not confirmed" and the e-mail may never have
   * gone out; an admin whose customer got nothing waits until the shipment's
   * overview allows another send, and sends again.
   */
  const sendCodeUntilEmailed = async (run: OrderRun, orderId: string, shipmentId: string) => {
    const url = `/admin/pickup-point/shipments/${shipmentId}/verification-code`
    for (let send = 0; send < 3; send++) {
      if (!(await act(run, "send code", url, {}, false))) return undefined
      const reference = (await shipmentOf(orderId))?.order_reference_code
      const code = reference ? await emailedCode(reference) : undefined
      if (code) return code
      const { data } = await api.get(`/admin/pickup-point/shipments/${shipmentId}/overview`, { headers: admin.headers })
      const nextAllowedAt = data.verification_code.next_allowed_at as string | null
      log(`[soak] no code e-mailed for order ${run.order?.display_id}; sending again at ${nextAllowedAt ?? "once"}`)
      if (nextAllowedAt) await sleep(Math.max(0, new Date(nextAllowedAt).getTime() - Date.now()) + 500)
    }
    return undefined
  }

  async function work(run: OrderRun) {
    const point = run.plan === "code_twice" || run.plan === "handover_twice" ? CODE_POINT : PLAIN_POINT
    for (let attempt = 0; attempt < 3 && !run.order; attempt++) {
      try {
        run.order = await checkoutThroughStoreApi(api, store, { pickupPointCode: point, quantity: 1 })
      } catch (error) {
        run.checkoutError = (error as { response?: { data?: unknown } }).response?.data
          ? JSON.stringify((error as { response: { data: unknown } }).response.data)
          : (error as Error).message
      }
    }
    placed += 1
    if (crashAtOrder !== null && placed === crashAtOrder) {
      restart = crashAndRestart()
    }
    const order = run.order
    if (!order) return
    run.checkoutError = undefined

    switch (run.plan) {
      case "place":
        return
      case "cancel_twice":
        await act(run, "cancel", `/admin/orders/${order.id}/cancel`, {}, true)
        return
      case "fulfill":
      case "fulfill_twice":
        await onService(order.id)
        await fulfill(run, order, run.plan === "fulfill_twice")
        return
      case "code_twice": {
        const shipment = await onService(order.id)
        if (!shipment) return
        // The code can be sent once the parcel has its label.
        if (!(await fulfill(run, order, false))) return
        await untilStatus(order.id, ["label_generated", "confirmed"], 60_000)
        await act(run, "send code", `/admin/pickup-point/shipments/${shipment.id}/verification-code`, {}, true)
        return
      }
      case "handover_twice": {
        const shipment = await onService(order.id)
        if (!shipment) return
        if (!(await fulfill(run, order, false))) return
        // "Fulfill items" may answer 202 and make the label in the background: hand over once it is made.
        await untilStatus(order.id, ["label_generated", "confirmed"], 60_000)
        const code = await sendCodeUntilEmailed(run, order.id, shipment.id)
        if (!code) return
        await act(run, "handover", `/admin/pickup-point/shipments/${shipment.id}/handover`, { verification_code: code }, true)
        return
      }
    }
  }

  async function crashAndRestart(): Promise<number> {
    const worker = topology.workers[0]
    log(`[soak] SIGKILL ${worker.name} (pid ${worker.pid}) after order ${crashAtOrder}`)
    await worker.crash()
    await sleep(2_000)
    const t0 = Date.now()
    await worker.start()
    log(`[soak] ${worker.name} back after ${Date.now() - t0} ms`)
    return Date.now() - t0
  }

  const lanes = Array.from({ length: options.concurrency }, async () => {
    for (;;) {
      const index = next++
      if (index >= runs.length) return
      await work(runs[index])
      if ((index + 1) % 50 === 0) log(`[soak] ${index + 1}/${runs.length} orders placed and worked on (${Math.round((Date.now() - started) / 1000)} s)`)
    }
  })
  await Promise.all(lanes)
  const restartMs = restart ? await restart : null
  const placeMs = Date.now() - started

  // Faults lifted: what is left open must now be carried through by the jobs alone.
  await sandbox.control.delete("/faults")
  const settleStarted = Date.now()
  const orderIds = runs.flatMap((r) => (r.order ? [r.order.id] : []))
  let settled = false
  while (Date.now() - settleStarted < options.settleTimeoutMs) {
    const [{ open, missing, unlinked }] = await topology.sql<{ open: string; missing: string; unlinked: string }>(
      `SELECT
         (SELECT count(*) FROM pickup_point_shipment WHERE deleted_at IS NULL
            AND (status = ANY($1) OR (cancel_requested_at IS NOT NULL AND status <> 'cancelled'))) AS open,
         (SELECT count(*) FROM unnest($2::text[]) AS o(id)
            WHERE NOT EXISTS (SELECT 1 FROM pickup_point_shipment s WHERE s.order_id = o.id AND s.deleted_at IS NULL)
              -- An order cancelled before its shipment was recorded gets none.
              AND NOT EXISTS (SELECT 1 FROM "order" m WHERE m.id = o.id AND m.status = 'canceled')) AS missing,
         (${UNLINKED_FULFILMENTS_SQL}) AS unlinked`,
      [OPEN_CREATION_STATUSES, orderIds]
    )
    if (Number(open) === 0 && Number(missing) === 0 && Number(unlinked) === 0) {
      settled = true
      break
    }
    log(`[soak] settling: ${open} open, ${missing} without a shipment record, ${unlinked} fulfilments not (yet) their shipment's`)
    await sleep(5_000)
  }
  const settleMs = Date.now() - settleStarted

  const report = await readFigures(topology, runs)
  return {
    ...report,
    options: { ...options, log: undefined } as Omit<SoakOptions, "log">,
    timings: {
      placeMs,
      settleMs,
      totalMs: Date.now() - started,
      ordersPerMinute: Math.round((orderIds.length / placeMs) * 60_000),
      settled,
      crashAtOrder,
      restartMs,
    },
  }
}

/** Reads back, per order, what Medusa's database and the service hold. */
async function readFigures(topology: Topology, runs: OrderRun[]): Promise<Omit<SoakReport, "options" | "timings">> {
  const orders = runs.filter((r) => r.order)
  const ids = orders.map((r) => r.order!.id)
  const shipments = await topology.sql<{ order_id: string; status: string; last_error: string | null; fulfillment_id: string | null; order_number: string; order_reference_code: string | null; cancel_requested_at: Date | null }>(
    "SELECT order_id, status, last_error, fulfillment_id, order_number, order_reference_code, cancel_requested_at FROM pickup_point_shipment WHERE deleted_at IS NULL AND order_id = ANY($1)",
    [ids]
  )
  const medusaOrders = await topology.sql<{ id: string; status: string }>(`SELECT id, status FROM "order" WHERE id = ANY($1)`, [ids])
  const fulfilments = await topology.sql<{ order_id: string; id: string; labels: string }>(
    `SELECT link.order_id, f.id,
            (SELECT count(*) FROM fulfillment_label l WHERE l.fulfillment_id = f.id AND l.deleted_at IS NULL) AS labels
       FROM order_fulfillment link JOIN fulfillment f ON f.id = link.fulfillment_id
      WHERE link.deleted_at IS NULL AND f.deleted_at IS NULL AND f.canceled_at IS NULL
        AND f.provider_id = 'pickup-point_pickup-point' AND link.order_id = ANY($1)`,
    [ids]
  )
  const { data: serviceData } = await topology.sandbox.control.get("/orders")
  const serviceOrders = serviceData.orders as { orderReferenceCode: string; request: { orderNumber: string }; cancelledAt?: string; tracking: { statusCode: string }[] }[]
  const { data: emailData } = await topology.sandbox.control.get("/emails")
  const emails = emailData.emails as { orderReferenceCode: string }[]
  const { data: callData } = await topology.sandbox.control.get("/calls")
  const calls = callData.calls as { fault?: string }[]

  const figures: OrderFigures[] = orders.map((run) => {
    const order = run.order!
    const shipment = shipments.find((s) => s.order_id === order.id)
    const medusaStatus = medusaOrders.find((o) => o.id === order.id)?.status ?? "missing"
    const number = shipment?.order_number ?? `SOAK-${order.display_id}`
    const onService = serviceOrders.filter((o) => o.request.orderNumber === number)
    const live = onService.filter((o) => !o.cancelledAt)
    const references = new Set(onService.map((o) => o.orderReferenceCode))
    const own = fulfilments.filter((f) => f.order_id === order.id)
    const status = shipment?.status ?? "no record"
    // No record is right for an order cancelled before its shipment was recorded (nothing may be live on the service: see below).
    const stuck = shipment
      ? (OPEN_CREATION_STATUSES as readonly string[]).includes(status) || (!!shipment.cancel_requested_at && status !== "cancelled")
      : medusaStatus !== "canceled"
    const labelled = own.filter((f) => Number(f.labels) > 0).length
    const withoutShipment = own.filter((f) => f.id !== shipment?.fulfillment_id).length
    const codes = emails.filter((e) => references.has(e.orderReferenceCode)).length
    const handovers = onService.flatMap((o) => o.tracking).filter((t) => /^ST_?0*7$/.test(t.statusCode)).length

    const findings: string[] = []
    if (status !== "failed" && medusaStatus !== "canceled" && live.length === 0) findings.push("lost")
    if (onService.length >= 2) findings.push("duplicated")
    if (stuck) findings.push("stuck")
    if (labelled >= 2) findings.push("label twice")
    if (withoutShipment > 0) findings.push("fulfilment without shipment")
    if (medusaStatus === "canceled" && live.length > 0) findings.push("cancel not carried out")
    if (codes >= 2) findings.push("code sent twice")
    if (handovers >= 2) findings.push("handover twice")

    return {
      display_id: order.display_id,
      order_id: order.id,
      plan: run.plan,
      medusa_status: medusaStatus,
      shipment_status: status,
      last_error: shipment?.last_error ?? null,
      service_orders: onService.length,
      live_service_orders: live.length,
      stuck,
      labelled_fulfilments: labelled,
      fulfilments_without_shipment: withoutShipment,
      codes_sent: codes,
      handovers,
      actions: run.actions.map((a) => `${a.action}: ${a.statuses.join("/")}${a.refusal ? ` (gave up: ${a.refusal})` : ""}`).join("; "),
      findings,
    }
  })

  const count = (finding: string) => figures.filter((f) => f.findings.includes(finding)).length
  const shipmentsByStatus: Record<string, number> = {}
  for (const f of figures) shipmentsByStatus[f.shipment_status] = (shipmentsByStatus[f.shipment_status] ?? 0) + 1
  const actionOutcomes: Record<string, number> = {}
  for (const run of orders) {
    for (const a of run.actions) {
      const key = `${a.action} -> ${a.statuses.join("/")}`
      actionOutcomes[key] = (actionOutcomes[key] ?? 0) + 1
    }
  }
  return {
    totals: {
      placed: orders.length,
      checkout_failures: runs.length - orders.length,
      lost: count("lost"),
      duplicated: count("duplicated"),
      stuck: count("stuck"),
      labels_twice: count("label twice"),
      fulfilments_without_shipment: count("fulfilment without shipment"),
      cancel_not_carried_out: count("cancel not carried out"),
      codes_sent_twice: count("code sent twice"),
      handovers_twice: count("handover twice"),
      refusals_after_retries: figures.filter((f) => f.shipment_status === "failed").length,
      faults_injected: calls.filter((c) => c.fault).length,
      service_calls: calls.length,
    },
    shipmentsByStatus,
    actionOutcomes,
    orders: figures,
    refusals: figures.filter((f) => f.shipment_status === "failed").map((f) => ({ display_id: f.display_id, order_id: f.order_id, last_error: f.last_error })),
    checkoutErrors: runs.filter((r) => !r.order).map((r) => `order #${r.index}: ${r.checkoutError}`),
  }
}

/** The report as text: totals, every order with a finding (or every order), the refusals, and where the full table is. */
export function formatSoakReport(report: SoakReport, options: { allOrders: boolean; tableFile?: string }): string {
  const t = report.timings
  const lines = [
    `soak: ${report.options.orders} orders, ${report.options.concurrency} at once, faults on ${Math.round(report.options.faultProbability * 100)}% of calls, ` +
      `worker crash ${t.crashAtOrder === null ? "none" : `after order ${t.crashAtOrder} (back in ${t.restartMs} ms)`}`,
    `placed and worked on in ${Math.round(t.placeMs / 1000)} s (${t.ordersPerMinute} orders/min), ${t.settled ? "settled" : "NOT settled"} ${Math.round(t.settleMs / 1000)} s after faults were lifted, ${Math.round(t.totalMs / 1000)} s in all`,
    "",
    "totals (target 0 for each):",
    ...(["lost", "duplicated", "stuck", "labels_twice", "fulfilments_without_shipment", "cancel_not_carried_out", "codes_sent_twice", "handovers_twice"] as const).map(
      (k) => `  ${k.padEnd(30)} ${report.totals[k]}`
    ),
    "counted separately:",
    `  ${"refusals_after_retries".padEnd(30)} ${report.totals.refusals_after_retries}`,
    `  ${"checkout_failures".padEnd(30)} ${report.totals.checkout_failures}`,
    `  ${"faults_injected / service_calls".padEnd(30)} ${report.totals.faults_injected} / ${report.totals.service_calls}`,
    `shipments by status: ${JSON.stringify(report.shipmentsByStatus)}`,
    "admin actions (HTTP statuses, the pair first, then single retries):",
    ...Object.entries(report.actionOutcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `  ${String(v).padStart(4)}  ${k}`),
    "",
  ]
  const header = "order  plan            medusa     shipment         svc live stuck lbl orphan codes hand  findings / actions"
  const row = (f: OrderFigures) =>
    `${String(f.display_id).padStart(5)}  ${f.plan.padEnd(15)} ${f.medusa_status.padEnd(10)} ${f.shipment_status.padEnd(16)} ${String(f.service_orders).padStart(3)} ${String(f.live_service_orders).padStart(4)} ${(f.stuck ? "yes" : "no").padStart(5)} ${String(f.labelled_fulfilments).padStart(3)} ${String(f.fulfilments_without_shipment).padStart(6)} ${String(f.codes_sent).padStart(5)} ${String(f.handovers).padStart(4)}  ${[f.findings.join(", "), f.actions].filter(Boolean).join(" | ")}`
  const flagged = report.orders.filter((f) => f.findings.length)
  const shown = options.allOrders ? report.orders : flagged
  lines.push(options.allOrders ? "per order:" : `orders with a finding (${flagged.length}):`, header, ...shown.map(row))
  if (report.refusals.length) {
    lines.push("", "refusals that stayed after their retries:", ...report.refusals.map((r) => `  order ${r.display_id} (${r.order_id}): ${r.last_error}`))
  }
  if (report.checkoutErrors.length) {
    lines.push("", "checkouts that failed:", ...report.checkoutErrors.map((e) => `  ${e}`))
  }
  if (options.tableFile) lines.push("", `every order: ${options.tableFile}`)
  return lines.join("\n")
}

/** Writes the per-order table as TSV next to the topology's logs. */
export function writeOrderTable(report: SoakReport, dir: string): string {
  const file = path.join(dir, "soak-orders.tsv")
  const keys = Object.keys(report.orders[0] ?? {}) as (keyof OrderFigures)[]
  writeFileSync(file, [keys.join("\t"), ...report.orders.map((o) => keys.map((k) => String(o[k])).join("\t"))].join("\n"))
  return file
}
