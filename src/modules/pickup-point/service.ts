import type { Context, InferTypeOf, Logger } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  ShipmentOrdersClient,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnavailableError,
  type CreateShipmentOrderInput,
  type GenerateLabelResult,
} from "../../lib/shipment-orders"
import { PickupPoint } from "./models/pickup-point"
import { PickupPointShipment, type ShipmentStatus } from "./models/pickup-point-shipment"
import { PickupPointShipmentEvent } from "./models/pickup-point-shipment-event"
import { PickupPointSyncState } from "./models/pickup-point-sync-state"
import { PickupPointTrackingEvent } from "./models/pickup-point-tracking-event"
import { PickupPointVerificationCodeSend } from "./models/pickup-point-verification-code-send"
import { PickupPointWebhookDelivery } from "./models/pickup-point-webhook-delivery"
import { parsePluginOptions, type PickupPointPluginOptions, type ResolvedPluginOptions } from "./options"
import { csvRecordToInput, pickupPointInputSchema, type PickupPointInput } from "./pickup-point-schema"
import { buildPickupPointSearchSql, type PickupPointSearch } from "./search"
import {
  codesFor,
  DEFAULT_STATUS_MAPPING,
  FINAL_STAGE_RANK,
  LEFT_WAREHOUSE_STAGES,
  stageOf,
  TRACKING_STAGES,
  type TrackingStage,
} from "./tracking-stages"
import { normalizeStatusCode } from "../../lib/shipment-orders/status-codes"
import { parse as parseCsv } from "csv-parse/sync"

export type PickupPointDTO = InferTypeOf<typeof PickupPoint>
export type PickupPointShipmentDTO = InferTypeOf<typeof PickupPointShipment>
export type PickupPointSearchResult = Omit<PickupPointDTO, "is_active" | "created_at" | "updated_at" | "deleted_at"> & {
  distance_km: number | null
}

/** States the background job keeps working on. */
export const OPEN_CREATION_STATUSES: ShipmentStatus[] = ["pending", "creating", "unknown", "awaiting_import"]

/** States from which a shipment order can still be cancelled. */
const CANCELLABLE_STATUSES: ShipmentStatus[] = [...OPEN_CREATION_STATUSES, "ready", "failed"]

/** How long one process may hold a shipment; longer than any call with its retries. */
const LEASE_MS = 120_000

type InjectedDependencies = { logger: Logger }

/** What became of one CSV row; `line` is the row's line in the file (the header is line 1). */
export type ImportRowResult =
  | { line: number; code: string; result: "created" | "updated" }
  | { line: number; code: string | null; result: "rejected"; reason: string }

const IMPORT_BATCH = 500

/** One status report for a shipment, from any source. */
export type TrackingUpdate = {
  shipment_id: string
  status_code: string
  status_description?: string | null
  external_status_code?: string | null
  external_status_description?: string | null
  occurred_at?: Date | null
  /** The parcel's tracking number, when the report carries one. */
  tracking_number?: string | null
  source: "sync" | "webhook" | "admin"
}

/** A shipment whose stage moved forward, with what Medusa has been told so far. */
export type TrackingTransition = {
  shipment_id: string
  order_id: string
  fulfillment_id: string | null
  stage: TrackingStage
  status_code: string
  tracking_number: string | null
  shipped_at: Date | null
  delivered_at: Date | null
}

const SYNC_STATE_ID = "tracking"

/** Refused because the per-shipment limits on sending the verification code are reached. */
export class VerificationCodeRateLimitedError extends MedusaError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(MedusaError.Types.NOT_ALLOWED, message)
  }
}

/** `maria.bianchi@example.com` → `m***@example.com`. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@")
  return domain ? `${local.slice(0, 1)}***@${domain}` : "***"
}
/**
 * Shipments the tracking sync follows. Written out (not bound) so that the
 * planner can use the partial index that has the same predicate.
 */
const FOLLOWED_SQL = `deleted_at IS NULL AND status IN ('label_generated', 'confirmed') AND tracking_stage < ${FINAL_STAGE_RANK}`

export type ShipmentIntent = {
  order_id: string
  order_number: string
  pickup_point_code: string
  pickup_point: Record<string, unknown> | null
  request: CreateShipmentOrderInput | null
  /** Set when the order lacks data the service needs: the shipment is recorded as failed with it. */
  problem?: string
}

/**
 * The plugin's module: the pickup-point catalog, and each order's shipment
 * order on the service with the rules that create it exactly once.
 */
export default class PickupPointModuleService extends MedusaService({
  PickupPoint,
  PickupPointShipment,
  PickupPointShipmentEvent,
  PickupPointTrackingEvent,
  PickupPointWebhookDelivery,
  PickupPointVerificationCodeSend,
  PickupPointSyncState,
}) {
  protected readonly options_: ResolvedPluginOptions
  protected readonly logger_: Logger
  readonly client: ShipmentOrdersClient

  constructor(dependencies: InjectedDependencies, options: PickupPointPluginOptions) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePluginOptions(options)
    this.logger_ = dependencies.logger
    this.client = new ShipmentOrdersClient({ ...this.options_, logger: dependencies.logger })
  }

  get options(): ResolvedPluginOptions {
    return this.options_
  }

  // ---- catalog ------------------------------------------------------------

  @InjectManager()
  async searchPickupPoints(
    search: PickupPointSearch,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ pickup_points: PickupPointSearchResult[]; count: number }> {
    const { sql, params } = buildPickupPointSearchSql(search)
    const rows: (PickupPointSearchResult & { total_count: string })[] = await sharedContext.manager!.execute(sql, params)
    return {
      count: rows.length ? Number(rows[0].total_count) : 0,
      pickup_points: rows.map(({ total_count: _count, distance_km, ...point }) => ({
        ...point,
        distance_km: distance_km === null ? null : Math.round(Number(distance_km) * 100) / 100,
      })),
    }
  }

  /** The active catalog entry for a code, or null when it is unknown or inactive. */
  async retrieveActivePickupPoint(code: string): Promise<PickupPointDTO | null> {
    const [point] = await this.listPickupPoints({ code, is_active: true }, { take: 1 })
    return point ?? null
  }

  /**
   * Creates or updates (by code) the points of a CSV file. Each row stands
   * alone: a bad row is reported with its reason and never stops the others.
   */
  async importPickupPointsCsv(csv: string): Promise<{ created: number; updated: number; rejected: number; rows: ImportRowResult[] }> {
    let records: { record: Record<string, string>; info: { lines: number } }[]
    try {
      records = parseCsv(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true, info: true, relax_column_count: true })
    } catch (error) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The CSV cannot be read: ${(error as Error).message}`)
    }

    const rows: ImportRowResult[] = []
    const valid = new Map<string, { line: number; input: PickupPointInput }>()
    for (const { record, info } of records) {
      const parsed = pickupPointInputSchema.safeParse(csvRecordToInput(record))
      const code = record.code?.trim() || null
      if (!parsed.success) {
        const reason = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ")
        rows.push({ line: info.lines, code, result: "rejected", reason })
      } else if (valid.has(parsed.data.code)) {
        rows.push({ line: info.lines, code, result: "rejected", reason: `code: repeats line ${valid.get(parsed.data.code)!.line}` })
      } else {
        valid.set(parsed.data.code, { line: info.lines, input: parsed.data })
      }
    }

    const entries = [...valid.values()]
    for (let start = 0; start < entries.length; start += IMPORT_BATCH) {
      const batch = entries.slice(start, start + IMPORT_BATCH)
      const existing = await this.listPickupPoints({ code: batch.map((e) => e.input.code) }, { select: ["id", "code"] })
      const idByCode = new Map(existing.map((point) => [point.code, point.id]))
      const toCreate = batch.filter((e) => !idByCode.has(e.input.code))
      const toUpdate = batch.filter((e) => idByCode.has(e.input.code))
      if (toCreate.length) await this.createPickupPoints(toCreate.map((e) => e.input))
      if (toUpdate.length) await this.updatePickupPoints(toUpdate.map((e) => ({ id: idByCode.get(e.input.code)!, ...e.input })))
      for (const e of batch) {
        rows.push({ line: e.line, code: e.input.code, result: idByCode.has(e.input.code) ? "updated" : "created" })
      }
    }

    rows.sort((a, b) => a.line - b.line)
    const count = (result: ImportRowResult["result"]) => rows.filter((row) => row.result === result).length
    return { created: count("created"), updated: count("updated"), rejected: count("rejected"), rows }
  }

  // ---- shipments ----------------------------------------------------------

  /**
   * Records the intent to create a shipment order, before any call: once per
   * order, whatever the number of times an order.placed event is delivered.
   */
  async recordShipmentIntent(intent: ShipmentIntent): Promise<{ shipment: PickupPointShipmentDTO; created: boolean }> {
    const [existing] = await this.listPickupPointShipments({ order_id: intent.order_id }, { take: 1 })
    if (existing) {
      return { shipment: existing, created: false }
    }
    try {
      const shipment = await this.createPickupPointShipments({
        order_id: intent.order_id,
        order_number: intent.order_number,
        pickup_point_code: intent.pickup_point_code,
        pickup_point: intent.pickup_point,
        merchant_type: this.options_.merchantType,
        request: intent.request as unknown as Record<string, unknown>,
        status: intent.problem ? "failed" : "pending",
        last_error: intent.problem ?? null,
      })
      await this.recordEvent_(shipment.id, shipment.status, intent.problem ?? "Shipment order to be created")
      return { shipment, created: true }
    } catch (error) {
      // A concurrent delivery of the same event won the unique index on order_id.
      const [winner] = await this.listPickupPointShipments({ order_id: intent.order_id }, { take: 1 })
      if (winner) return { shipment: winner, created: false }
      throw error
    }
  }

  /**
   * Moves a shipment on as far as it can go now (pending → awaiting_import →
   * ready), under a lease so that no two processes work on it at once.
   * Returns null when another process holds it, else the shipment and the
   * status it started from.
   */
  async advanceShipment(id: string): Promise<{ shipment: PickupPointShipmentDTO; previous_status: ShipmentStatus } | null> {
    if (!(await this.claimLease_(id))) {
      return null
    }
    try {
      let previousStatus: ShipmentStatus | undefined
      for (let transitions = 0; transitions < 4; transitions++) {
        const shipment = await this.retrievePickupPointShipment(id)
        previousStatus ??= shipment.status
        if (shipment.cancel_requested_at && CANCELLABLE_STATUSES.includes(shipment.status)) {
          await this.cancelUnderLease_(shipment, "Order cancelled").catch((error) =>
            this.postpone_(shipment, shipment.status, error as Error)
          )
          break
        }
        if (!(await this.transition_(shipment))) {
          break
        }
      }
      return { shipment: await this.retrievePickupPointShipment(id), previous_status: previousStatus! }
    } finally {
      await this.releaseLease_(id)
    }
  }

  /** Ids of shipments with work due (an open creation, or a requested cancel), the longest waiting first. */
  @InjectManager()
  async listDueShipmentIds(
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string[]> {
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `SELECT id FROM pickup_point_shipment
       WHERE deleted_at IS NULL
         AND (status IN (${OPEN_CREATION_STATUSES.map(() => "?").join(", ")})
              OR (cancel_requested_at IS NOT NULL AND status IN (${CANCELLABLE_STATUSES.map(() => "?").join(", ")})))
         AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         AND (lease_until IS NULL OR lease_until < now())
       ORDER BY next_attempt_at ASC NULLS FIRST, created_at ASC
       LIMIT ?`,
      [...OPEN_CREATION_STATUSES, ...CANCELLABLE_STATUSES, limit]
    )
    return rows.map((row) => row.id)
  }

  /** Shipment orders of the current calendar year (store time zone) that got a label or a confirmation. */
  @InjectManager()
  async countConfirmedThisYear(
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<number> {
    const [row]: { count: string }[] = await sharedContext.manager!.execute(
      `SELECT count(*) AS count FROM pickup_point_shipment
       WHERE deleted_at IS NULL AND status IN ('label_generated', 'confirmed')
         AND date_part('year', created_at AT TIME ZONE ?) = date_part('year', now() AT TIME ZONE ?)`,
      [this.options_.timeZone, this.options_.timeZone]
    )
    return Number(row?.count ?? 0) + this.options_.ordersBeforeInstall
  }

  /**
   * Puts a failed shipment back in line with a request rebuilt from the order
   * as it is now. Refused, with the reason, while the order still lacks data.
   */
  async retryShipment(id: string, intent: ShipmentIntent | null): Promise<PickupPointShipmentDTO> {
    const shipment = await this.retrievePickupPointShipment(id)
    if (shipment.status !== "failed") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Shipment ${id} is ${shipment.status}: only a failed shipment can be retried.`
      )
    }
    if (intent?.problem) {
      await this.updatePickupPointShipments({ id, request: intent.request as never, last_error: intent.problem })
      throw new MedusaError(MedusaError.Types.INVALID_DATA, intent.problem)
    }
    // A refused create left nothing on the service, so the shipment starts again from pending.
    const status: ShipmentStatus = shipment.order_reference_code ? "awaiting_import" : "pending"
    await this.setStatus_(id, status, "Retried by an admin", {
      request: (intent?.request ?? shipment.request) as never,
    })
    return await this.retrievePickupPointShipment(id)
  }

  /** The shipment of an order, or a 404-style error naming the order. */
  async retrieveShipmentByOrder(orderId: string): Promise<PickupPointShipmentDTO> {
    const [shipment] = await this.listPickupPointShipments({ order_id: orderId }, { take: 1 })
    if (!shipment) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no pickup-point shipment`)
    }
    return shipment
  }

  /**
   * Asks the service for the label (DELIVERY) or the confirmation (STORAGE)
   * of an order's shipment. Refuses, saying why and what to do, when the
   * shipment is not ready for it. Repeating it is safe: the service answers
   * with the same label.
   */
  async requestLabel(orderId: string): Promise<{ shipment: PickupPointShipmentDTO; result: GenerateLabelResult }> {
    let shipment = await this.retrieveShipmentByOrder(orderId)
    if (shipment.status !== "ready" && OPEN_CREATION_STATUSES.includes(shipment.status)) {
      shipment = (await this.advanceShipment(shipment.id))?.shipment ?? shipment
    }
    const refusal = labelRefusal(shipment)
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    }
    try {
      const result = await this.client.generateLabel({
        orderReferenceCode: shipment.order_reference_code!,
        labelType: this.options_.labelType,
      })
      return { shipment, result }
    } catch (error) {
      if ((error as { code?: string }).code === "not_imported") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The carrier has not finished importing order ${shipment.order_number} yet. Try again in a minute.`
        )
      }
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The carrier could not make the label of order ${shipment.order_number}: ${(error as Error).message}`
      )
    }
  }

  /** Records the label (or the confirmation) the service made for a shipment. */
  async recordLabel(
    shipmentId: string,
    label: { fulfillment_id: string; tracking_number?: string | null; label_file_id?: string | null; label_url?: string | null }
  ): Promise<PickupPointShipmentDTO> {
    const shipment = await this.retrievePickupPointShipment(shipmentId)
    const status: ShipmentStatus = shipment.merchant_type === "DELIVERY" ? "label_generated" : "confirmed"
    await this.setStatus_(shipmentId, status, status === "confirmed" ? "Shipment confirmed" : "Label generated", {
      fulfillment_id: label.fulfillment_id,
      tracking_number: label.tracking_number ?? shipment.tracking_number,
      label_file_id: label.label_file_id ?? null,
      label_url: label.label_url ?? null,
    })
    return await this.retrievePickupPointShipment(shipmentId)
  }

  /**
   * Cancels an order's shipment order on the service. Refused once a label
   * exists or the shipment is confirmed. A shipment whose creation may have
   * reached the service is looked up there first, so nothing is left behind.
   * With `deferWhenUnavailable` (an order that is cancelled already), a
   * service that cannot be reached, or a shipment another process holds,
   * only records the request: the job carries it out.
   */
  async cancelShipment(
    orderId: string,
    notes?: string,
    { deferWhenUnavailable = false }: { deferWhenUnavailable?: boolean } = {}
  ): Promise<PickupPointShipmentDTO> {
    const shipment = await this.retrieveShipmentByOrder(orderId)
    if (shipment.status === "cancelled") {
      return shipment
    }
    if (shipment.status === "label_generated" || shipment.status === "confirmed") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Shipment order ${shipment.order_number} cannot be cancelled: ` +
          (shipment.status === "confirmed" ? "its shipment has been confirmed." : "its label has been generated.")
      )
    }
    if (!(await this.claimLease_(shipment.id))) {
      if (deferWhenUnavailable) {
        return await this.requestCancel_(shipment, "another process is working on the shipment")
      }
      throw new MedusaError(MedusaError.Types.CONFLICT, `Shipment order ${shipment.order_number} is being worked on; try again shortly.`)
    }
    try {
      await this.cancelUnderLease_(await this.retrievePickupPointShipment(shipment.id), notes)
      return await this.retrievePickupPointShipment(shipment.id)
    } catch (error) {
      if (error instanceof ShipmentOrdersUnavailableError && deferWhenUnavailable) {
        return await this.requestCancel_(shipment, error.message)
      }
      throw new MedusaError(
        error instanceof ShipmentOrdersUnavailableError ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED,
        `The carrier did not cancel shipment order ${shipment.order_number}: ${(error as Error).message}`
      )
    } finally {
      await this.releaseLease_(shipment.id)
    }
  }

  private async cancelUnderLease_(shipment: PickupPointShipmentDTO, notes?: string): Promise<void> {
    let reference = shipment.order_reference_code
    if (!reference && (shipment.status === "creating" || shipment.status === "unknown")) {
      reference = (await this.client.getIdentifier(shipment.order_number))?.orderReferenceCode ?? null
    }
    if (reference) {
      await this.client.cancel({ orderReferenceCode: reference, notes })
    }
    await this.setStatus_(shipment.id, "cancelled", notes || "Cancelled", {
      order_reference_code: reference,
      cancel_requested_at: null,
    })
  }

  private async requestCancel_(shipment: PickupPointShipmentDTO, why: string): Promise<PickupPointShipmentDTO> {
    await this.updatePickupPointShipments({ id: shipment.id, cancel_requested_at: new Date(), last_error: why })
    await this.recordEvent_(shipment.id, shipment.status, `Cancel requested, to be carried out by the retry job: ${why}`)
    return await this.retrievePickupPointShipment(shipment.id)
  }

  // ---- tracking -----------------------------------------------------------

  /** The mapping from status codes to stages in force: the defaults with the options' overrides. */
  get statusMapping(): Record<string, TrackingStage> {
    return { ...DEFAULT_STATUS_MAPPING, ...this.options_.statusMapping }
  }

  /**
   * Records status reports and moves each shipment's stage forward. The one
   * path every source goes through: a status already in a shipment's history
   * is not added again, and a stage is set only if it is further than the
   * stored one (compare-and-set), so old, repeated or concurrent reports
   * never move a shipment back nor apply twice. Unknown codes are kept in the
   * history and move nothing.
   */
  @InjectManager()
  async recordTrackingUpdates(
    updates: TrackingUpdate[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ recorded: number; transitions: TrackingTransition[] }> {
    if (!updates.length) {
      return { recorded: 0, transitions: [] }
    }
    const manager = sharedContext.manager!
    const mapping = this.statusMapping
    const rows = updates.map((update) => {
      const code = normalizeStatusCode(update.status_code)
      return {
        ...update,
        code,
        dedupe: update.external_status_code ? `${code}|${update.external_status_code}` : code,
        at: update.occurred_at ?? new Date(),
        stage: stageOf(code, mapping),
      }
    })

    const inserted: unknown[] = await manager.execute(
      `INSERT INTO pickup_point_tracking_event
         (id, shipment_id, status_code, status_description, external_status_code, external_status_description, occurred_at, source, dedupe_key)
       VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}
       ON CONFLICT (shipment_id, dedupe_key) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      rows.flatMap((r) => [
        generateEntityId(undefined, "putrk"),
        r.shipment_id,
        r.code,
        r.status_description ?? null,
        r.external_status_code ?? null,
        r.external_status_description ?? null,
        r.at,
        r.source,
        r.dedupe,
      ])
    )

    // A tracking number learnt from a report fills the shipment's when it has none (STORAGE shipments get no label).
    const numbered = rows.filter((r) => r.tracking_number)
    if (numbered.length) {
      await manager.execute(
        `UPDATE pickup_point_shipment AS s SET tracking_number = v.number
         FROM (VALUES ${numbered.map(() => "(?, ?)").join(", ")}) AS v(id, number)
         WHERE s.id = v.id AND s.tracking_number IS NULL`,
        numbered.flatMap((r) => [r.shipment_id, r.tracking_number])
      )
    }

    // The furthest mapped report per shipment in this batch.
    const furthest = new Map<string, (typeof rows)[number]>()
    for (const row of rows) {
      if (!row.stage) continue
      const best = furthest.get(row.shipment_id)
      if (!best || TRACKING_STAGES[row.stage] > TRACKING_STAGES[best.stage!]) furthest.set(row.shipment_id, row)
    }
    if (!furthest.size) {
      return { recorded: inserted.length, transitions: [] }
    }
    const moves = [...furthest.values()]
    const moved: Omit<TrackingTransition, "stage">[] = await manager.execute(
      `UPDATE pickup_point_shipment AS s
       SET tracking_stage = v.rank, tracking_status_code = v.code, tracking_status_description = v.description,
           tracking_updated_at = v.at, updated_at = now()
       FROM (VALUES ${moves.map(() => "(?, CAST(? AS integer), ?, ?, CAST(? AS timestamptz))").join(", ")}) AS v(id, rank, code, description, at)
       WHERE s.id = v.id AND s.deleted_at IS NULL AND s.tracking_stage < v.rank
       RETURNING s.id AS shipment_id, s.order_id, s.fulfillment_id, s.tracking_number, s.shipped_at, s.delivered_at, v.code AS status_code`,
      moves.flatMap((m) => [m.shipment_id, TRACKING_STAGES[m.stage!], m.code, m.status_description ?? null, m.at])
    )
    return {
      recorded: inserted.length,
      transitions: moved.map((t) => ({ ...t, stage: furthest.get(t.shipment_id)!.stage! })),
    }
  }

  /**
   * Claims the right to tell Medusa a shipment was shipped or delivered;
   * true for exactly one caller. `release` gives it back after a failure.
   */
  @InjectManager()
  async claimFulfillmentState(
    shipmentId: string,
    state: "shipped" | "delivered",
    { release = false }: { release?: boolean } = {},
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<boolean> {
    const column = state === "shipped" ? "shipped_at" : "delivered_at"
    const rows: unknown[] = await sharedContext.manager!.execute(
      release
        ? `UPDATE pickup_point_shipment SET ${column} = NULL WHERE id = ? RETURNING id`
        : `UPDATE pickup_point_shipment SET ${column} = now() WHERE id = ? AND ${column} IS NULL RETURNING id`,
      [shipmentId]
    )
    return rows.length === 1
  }

  /**
   * Claims the next batch of followed shipments for the sync, stalest
   * first, among those not synced since the run began (so a run asks about
   * each shipment once). Rows another process has claimed are skipped, so
   * two workers never sync the same shipment at once.
   */
  @InjectManager()
  async claimSyncBatch(
    limit: number,
    runStartedAt: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ id: string; order_reference_code: string }[]> {
    return await sharedContext.manager!.execute(
      `WITH due AS (
         SELECT id FROM pickup_point_shipment
         WHERE ${FOLLOWED_SQL}
           AND order_reference_code IS NOT NULL
           AND created_at > now() - (? * interval '1 day')
           AND (last_synced_at IS NULL OR last_synced_at < ?)
           AND (lease_until IS NULL OR lease_until < now())
         ORDER BY last_synced_at ASC NULLS FIRST, id
         LIMIT ?
         FOR UPDATE SKIP LOCKED)
       UPDATE pickup_point_shipment AS s SET lease_until = now() + (? * interval '1 millisecond')
       FROM due WHERE s.id = due.id
       RETURNING s.id, s.order_reference_code`,
      [this.options_.trackingSync.maxAgeDays, runStartedAt, limit, LEASE_MS]
    )
  }

  /** Releases a sync batch; `synced` also stamps the shipments as synced now. */
  @InjectManager()
  async releaseSyncBatch(
    ids: string[],
    synced: boolean,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    if (!ids.length) return
    await sharedContext.manager!.execute(
      `UPDATE pickup_point_shipment SET lease_until = NULL${synced ? ", last_synced_at = now()" : ""}
       WHERE id IN (${ids.map(() => "?").join(", ")})`,
      ids
    )
  }

  /** The sync's state row, created on first use (by whichever worker gets there first). */
  @InjectManager()
  async retrieveSyncState(@MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await sharedContext.manager!.execute(
      `INSERT INTO pickup_point_sync_state (id) VALUES (?) ON CONFLICT (id) DO NOTHING`,
      [SYNC_STATE_ID]
    )
    return await this.retrievePickupPointSyncState(SYNC_STATE_ID)
  }

  /**
   * Records how a sync run went: a failure counts towards opening the
   * circuit; a success closes it and records the lag of the stalest
   * followed shipment.
   */
  @InjectManager()
  async recordSyncOutcome(
    outcome: { ok: true } | { ok: false; error: string },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ) {
    const state = await this.retrieveSyncState()
    const now = new Date()
    if (!outcome.ok) {
      const failures = state.consecutive_failures + 1
      const { circuitFailureThreshold, circuitOpenMs } = this.options_.trackingSync
      return await this.updatePickupPointSyncStates({
        id: SYNC_STATE_ID,
        consecutive_failures: failures,
        circuit_open_until: failures >= circuitFailureThreshold ? new Date(now.getTime() + circuitOpenMs) : state.circuit_open_until,
        last_run_at: now,
        last_error: outcome.error,
      })
    }
    const [row]: { lag: string | null }[] = await sharedContext.manager!.execute(
      `SELECT extract(epoch FROM now() - min(coalesce(last_synced_at, created_at))) AS lag FROM pickup_point_shipment
       WHERE ${FOLLOWED_SQL} AND created_at > now() - (? * interval '1 day')`,
      [this.options_.trackingSync.maxAgeDays]
    )
    return await this.updatePickupPointSyncStates({
      id: SYNC_STATE_ID,
      consecutive_failures: 0,
      circuit_open_until: null,
      last_run_at: now,
      last_success_at: now,
      last_error: null,
      lag_seconds: row?.lag == null ? 0 : Math.round(Number(row.lag)),
    })
  }

  /**
   * Shipments whose stage says Medusa should show them shipped or delivered
   * but whose claim is not taken: a crash or an error between recording and
   * telling Medusa. The sync applies them first.
   */
  @InjectManager()
  async listUnappliedTransitions(
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<TrackingTransition[]> {
    const mapping = this.statusMapping
    const shipped = codesFor(mapping, LEFT_WAREHOUSE_STAGES)
    const delivered = codesFor(mapping, new Set<TrackingStage>(["delivered"]))
    const list = (codes: string[]) => (codes.length ? codes.map(() => "?").join(", ") : "NULL")
    // Selected by status code, so that shipments with nothing to tell Medusa (cancelled by the carrier) never fill the limit.
    const rows: Omit<TrackingTransition, "stage">[] = await sharedContext.manager!.execute(
      `SELECT id AS shipment_id, order_id, fulfillment_id, tracking_number, shipped_at, delivered_at, tracking_status_code AS status_code
       FROM pickup_point_shipment
       WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL
         AND ((shipped_at IS NULL AND tracking_status_code IN (${list(shipped)}))
              OR (delivered_at IS NULL AND tracking_status_code IN (${list(delivered)})))
       LIMIT ?`,
      [...shipped, ...delivered, limit]
    )
    return rows.map((row) => ({ ...row, stage: stageOf(row.status_code, mapping)! }))
  }

  /**
   * Has the service e-mail the pickup verification code to the customer,
   * within the per-shipment limits, and keeps an audit record (who, when, the
   * masked address). The code itself never passes through the plugin.
   */
  async sendVerificationCode(shipmentId: string, actorId: string | null) {
    const shipment = await this.retrievePickupPointShipment(shipmentId)
    if (!shipment.order_reference_code || !["ready", "label_generated", "confirmed"].includes(shipment.status)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Shipment ${shipmentId} is ${shipment.status}: there is no parcel to hand over yet.`)
    }
    if (shipment.tracking_stage >= TRACKING_STAGES.delivered) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Shipment ${shipmentId} is ${shipment.tracking_status_description ?? "closed"}: no code is needed any more.`)
    }
    const { minIntervalSeconds, maxPerDay } = this.options_.verificationCode
    const now = Date.now()
    const recent = await this.listPickupPointVerificationCodeSends(
      { shipment_id: shipmentId, sent_at: { $gte: new Date(now - 86_400_000) } },
      { order: { sent_at: "DESC" } }
    )
    const wait = recent.length ? Math.ceil(minIntervalSeconds - (now - new Date(recent[0].sent_at).getTime()) / 1000) : 0
    if (wait > 0) {
      throw new VerificationCodeRateLimitedError(`The code was sent moments ago; it can be sent again in ${wait} s.`, wait)
    }
    if (recent.length >= maxPerDay) {
      const retry = Math.ceil((new Date(recent[recent.length - 1].sent_at).getTime() + 86_400_000 - now) / 1000)
      throw new VerificationCodeRateLimitedError(`The code was sent ${recent.length} times in the last 24 hours, the most allowed.`, retry)
    }
    try {
      await this.client.sendVerificationCode(shipment.order_reference_code)
    } catch (error) {
      throw new MedusaError(
        error instanceof ShipmentOrdersUnavailableError ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED,
        `The carrier did not send the verification code: ${(error as Error).message}`
      )
    }
    const email = String((shipment.request as { customerEmail?: string } | null)?.customerEmail ?? "")
    const send = await this.createPickupPointVerificationCodeSends({
      shipment_id: shipmentId,
      actor_id: actorId,
      masked_email: maskEmail(email),
      sent_at: new Date(now),
    })
    await this.recordEvent_(shipmentId, shipment.status, `Verification code sent to ${send.masked_email}`)
    return {
      sent_at: send.sent_at,
      masked_email: send.masked_email,
      next_allowed_at: new Date(now + minIntervalSeconds * 1000),
    }
  }

  /**
   * Reports a tracking status to the service (the merchant's own pickup
   * points: a handover is ST_0007 with the code the customer shows), and
   * returns it as an update for the apply path. Refuses clearly when the
   * code is missing where required, or wrong.
   */
  async reportTracking(
    shipmentId: string,
    report: { status_code: string; status_description: string; verification_code?: string }
  ): Promise<TrackingUpdate> {
    const shipment = await this.retrievePickupPointShipment(shipmentId)
    if (!shipment.order_reference_code || ["cancelled", "failed"].includes(shipment.status)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Shipment ${shipmentId} is ${shipment.status}: its tracking cannot be updated.`)
    }
    const code = normalizeStatusCode(report.status_code)
    const point = shipment.pickup_point as { requires_verification_code?: boolean; code?: string } | null
    if (code === "ST_0007" && point?.requires_verification_code && !report.verification_code) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `verification_code is required: pickup point ${point.code ?? shipment.pickup_point_code} hands parcels over only against the code e-mailed to the customer.`
      )
    }
    try {
      await this.client.updateTracking({
        orderReferenceCode: shipment.order_reference_code,
        statusCode: code,
        statusDescription: report.status_description,
        verificationCode: report.verification_code,
      })
    } catch (error) {
      if (error instanceof ShipmentOrdersRejectedError && /verificationCode/i.test(error.serviceMessage ?? "")) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          /required/i.test(error.serviceMessage ?? "")
            ? "verification_code is required for this handover."
            : "The verification code is wrong: ask the customer for the code in their e-mail, or send it again."
        )
      }
      throw new MedusaError(
        error instanceof ShipmentOrdersUnavailableError ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.NOT_ALLOWED,
        `The carrier did not take the update: ${(error as Error).message}`
      )
    }
    return { shipment_id: shipmentId, status_code: code, status_description: report.status_description, occurred_at: new Date(), source: "admin" }
  }

  @InjectManager()
  async countShipmentsByStatus(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<Record<string, number>> {
    const rows: { status: string; count: string }[] = await sharedContext.manager!.execute(
      `SELECT status, count(*) AS count FROM pickup_point_shipment WHERE deleted_at IS NULL GROUP BY status`
    )
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]))
  }

  /** The shipment an order reference code belongs to, if any. */
  async findShipmentByReference(orderReferenceCode: string): Promise<PickupPointShipmentDTO | null> {
    const [shipment] = await this.listPickupPointShipments({ order_reference_code: orderReferenceCode }, { take: 1 })
    return shipment ?? null
  }

  // ---- state machine ------------------------------------------------------

  /** One transition; true when the shipment moved and another may follow at once. */
  private async transition_(shipment: PickupPointShipmentDTO): Promise<boolean> {
    switch (shipment.status) {
      case "pending":
        return await this.attemptCreate_(shipment)
      case "creating":
      case "unknown":
        return await this.reconcile_(shipment)
      case "awaiting_import":
        return await this.checkImport_(shipment)
      default:
        return false
    }
  }

  /** After an unknown outcome: find the order on the service before ever creating it again. */
  private async reconcile_(shipment: PickupPointShipmentDTO): Promise<boolean> {
    let found: { orderReferenceCode: string } | null
    try {
      found = await this.client.getIdentifier(shipment.order_number)
    } catch (error) {
      await this.postpone_(shipment, "unknown", error as Error)
      return false
    }
    if (!found) {
      await this.setStatus_(shipment.id, "pending", "Not found on the service after an unknown outcome: creating it")
      return true
    }
    await this.setStatus_(shipment.id, "awaiting_import", "Found on the service after an unknown outcome", {
      order_reference_code: found.orderReferenceCode,
    })
    return true
  }

  private async attemptCreate_(shipment: PickupPointShipmentDTO): Promise<boolean> {
    // The attempt is on record before the call, so a crash during it is recovered by reconcile_.
    await this.setStatus_(shipment.id, "creating", null, { create_attempts: shipment.create_attempts + 1 })
    try {
      const created = await this.client.create(shipment.request as unknown as CreateShipmentOrderInput)
      await this.setStatus_(shipment.id, "awaiting_import", "Created on the service", {
        order_reference_code: created.orderReferenceCode,
        pickup_point_public_code: created.pickupPointPublicCode ?? null,
      })
      return true
    } catch (error) {
      if (error instanceof ShipmentOrdersUnavailableError) {
        await this.postpone_(shipment, error.outcomeUnknown ? "unknown" : "pending", error)
        return false
      }
      if ((error as { code?: string }).code === "protocol") {
        // An unreadable answer may still mean the order was created.
        await this.postpone_(shipment, "unknown", error as Error)
        return false
      }
      await this.setStatus_(shipment.id, "failed", (error as Error).message, { last_error: (error as Error).message })
      return false
    }
  }

  private async checkImport_(shipment: PickupPointShipmentDTO): Promise<boolean> {
    try {
      const { items } = await this.client.status([{ orderReferenceCode: shipment.order_reference_code! }])
      if (items[0]?.success) {
        await this.setStatus_(shipment.id, "ready", "Imported by the service", {
          tracking_number: items[0].tracking?.number ?? null,
        })
        return true
      }
      await this.postpone_(shipment, "awaiting_import", new Error(items[0]?.message || "Not imported yet"))
    } catch (error) {
      await this.postpone_(shipment, "awaiting_import", error as Error)
    }
    return false
  }

  /** Keeps or moves to `status` and schedules the next try with exponential backoff. */
  private async postpone_(shipment: PickupPointShipmentDTO, status: ShipmentStatus, error: Error): Promise<void> {
    const { baseDelayMs, maxDelayMs } = this.options_.shipmentRetry
    const delay = Math.min(baseDelayMs * 2 ** shipment.retry_count, maxDelayMs)
    await this.updatePickupPointShipments({
      id: shipment.id,
      status,
      retry_count: shipment.retry_count + 1,
      next_attempt_at: new Date(Date.now() + delay),
      last_error: error.message,
    })
    if (status !== shipment.status || shipment.retry_count === 0) {
      await this.recordEvent_(shipment.id, status, error.message)
    }
    this.logger_.warn(`[pickup-point] shipment ${shipment.id} (${status}): ${error.message}`)
  }

  private async setStatus_(
    id: string,
    status: ShipmentStatus,
    message: string | null,
    changes: Partial<PickupPointShipmentDTO> = {}
  ): Promise<void> {
    const progress = status === "creating" ? {} : { retry_count: 0, next_attempt_at: null, last_error: null }
    await this.updatePickupPointShipments({ id, status, ...progress, ...changes } as never)
    await this.recordEvent_(id, status, message)
  }

  private async recordEvent_(shipmentId: string, status: string, message: string | null): Promise<void> {
    await this.createPickupPointShipmentEvents({
      shipment_id: shipmentId,
      status,
      message,
      occurred_at: new Date(),
    })
  }

  @InjectManager()
  private async claimLease_(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<boolean> {
    const rows = await sharedContext.manager!.execute(
      `UPDATE pickup_point_shipment SET lease_until = now() + (? * interval '1 millisecond')
       WHERE id = ? AND deleted_at IS NULL AND (lease_until IS NULL OR lease_until < now())
       RETURNING id`,
      [LEASE_MS, id]
    )
    return rows.length === 1
  }

  @InjectManager()
  private async releaseLease_(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(`UPDATE pickup_point_shipment SET lease_until = NULL WHERE id = ?`, [id])
  }
}

/** Why a shipment cannot get its label now, in words an admin can act on; null when it can. */
function labelRefusal(shipment: PickupPointShipmentDTO): string | null {
  switch (shipment.status) {
    case "ready":
    case "label_generated":
    case "confirmed":
      return null
    case "failed":
      return `The shipment order of ${shipment.order_number} failed: ${shipment.last_error}. Fix it and retry the shipment first.`
    case "cancelled":
      return `The shipment order of ${shipment.order_number} is cancelled.`
    case "awaiting_import":
      return `The carrier has not finished importing order ${shipment.order_number} yet. Try again in a minute.`
    default:
      return `The shipment order of ${shipment.order_number} is not on the carrier's system yet (${shipment.status}); it is retried automatically. Try again in a minute.`
  }
}
