import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { randomUUID } from "node:crypto"
import type { ServiceCall } from "../../lib/shipment-orders/call-log"
import { normalizeStatusCode } from "../../lib/shipment-orders/status-codes"
import * as atomic from "./atomic-operations"
import { maskEmail } from "./lib/mask-email"
import type { PickupPointInput } from "./lib/pickup-point-schema"
import { roundedKm } from "./lib/distance-sql"
import { buildAdminCatalogCountSql, buildAdminCatalogPageSql, type AdminCatalogSearch } from "./lib/admin-catalog-search"
import { buildCountryHasPointsSql, buildPickupPointCountSql, buildPickupPointSearchSql, postcodeWithoutSeparators, shorterPostcodeSearches, type PickupPointSearch } from "./lib/search"
import {
  CANCELLABLE_STATUSES,
  LEFT_WAREHOUSE_STAGES,
  OPEN_CREATION_STATUSES,
  SHIPPED_OFF_STATUSES,
  TRACKING_STAGES,
  verificationCodeRefusal,
  type TrackingStage,
} from "./lib/statuses"
import { codesFor, DEFAULT_STATUS_MAPPING, stageOf } from "./lib/tracking-stages"
import { WEBHOOK_RESULTS } from "./lib/webhook-results"
import { PickupPoint } from "./models/pickup-point"
import { PickupPointShipment } from "./models/pickup-point-shipment"
import { PickupPointShipmentEvent } from "./models/pickup-point-shipment-event"
import { PickupPointServiceCall } from "./models/pickup-point-service-call"
import { PickupPointSyncState } from "./models/pickup-point-sync-state"
import { PickupPointLabel } from "./models/pickup-point-label"
import { PickupPointTrackingEvent } from "./models/pickup-point-tracking-event"
import { PickupPointVerificationCodeSend } from "./models/pickup-point-verification-code-send"
import { PickupPointWebhookDelivery } from "./models/pickup-point-webhook-delivery"
import { parsePluginOptions, type PickupPointPluginOptions, type ResolvedPluginOptions } from "./options"
import type {
  FulfillmentState,
  PickupPointDTO,
  PickupPointSearchResult,
  PickupPointShipmentDTO,
  ShipmentClaim,
  ShipmentIntent,
  ShipmentPostponement,
  ShipmentTransition,
  TrackingTransition,
  TrackingUpdate,
  VerificationCodeReservation,
} from "./types"
import { cancelRequestedMessage, continuedAsShipmentMessage, HISTORY_MESSAGES } from "./lib/history-messages"

const SYNC_STATE_ID = "tracking"
const ORDER_SWEEP_STATE_ID = "order-sweep"
/** A webhook delivery stuck `processing` this long lost its processor (a crash): a redelivery or a reprocess may claim it. */
const WEBHOOK_PROCESSING_STALE_MS = 120_000
/** How long the tracking job keeps processing again a webhook delivery whose processing failed: past it, the Health page's "Reprocess". */
const FAILED_WEBHOOK_RETRIED_FOR_MS = 24 * 3_600_000
/** A parcel ready for this long with no code sent is owed one: the ready-for-pickup event's own send goes first. */
const OWED_CODE_SETTLE_MS = 10 * 60_000
/** How long the sweep keeps trying to send a code the carrier would not send: past it, the order page's "Send". */
const OWED_CODE_TRIED_FOR_MS = 24 * 3_600_000
/**
 * How long the sweep waits after a failed send of an owed code, doubling after each failure in a
 * row up to the most: 10, 20, 40, 80 and 160 minutes, then every 4 hours, about ten tries in the
 * day rather than one a run (144).
 */
const OWED_CODE_BACKOFF = { baseMs: 10 * 60_000, maxMs: 4 * 3_600_000 }

/** A new shipment record refused because another order's shipment holds its order number. */
function orderNumberTaken(orderNumber: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.DUPLICATE_ERROR,
    `Order number ${orderNumber} already belongs to the shipment of another order; check the orderNumberPrefix option.`
  )
}

/**
 * The plugin's module: the pickup-point catalog and each order's shipment
 * record, with the operations that must be one statement or one transaction
 * (claims, compare-and-set state changes, the tracking ledger, sync
 * batches). It calls nothing outside the database: the calls to the
 * service are made by the plugin's workflows (src/workflows).
 */
export default class PickupPointModuleService extends MedusaService({
  PickupPoint,
  PickupPointShipment,
  PickupPointShipmentEvent,
  PickupPointTrackingEvent,
  PickupPointWebhookDelivery,
  PickupPointVerificationCodeSend,
  PickupPointSyncState,
  PickupPointLabel,
  PickupPointServiceCall,
}) {
  protected readonly options_: ResolvedPluginOptions

  constructor(dependencies: Record<string, unknown>, options: PickupPointPluginOptions) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePluginOptions(options)
  }

  /** The plugin options, checked and with their defaults. */
  get options(): ResolvedPluginOptions {
    return this.options_
  }

  /** The mapping from status codes to stages in force: the defaults with the options' overrides. */
  get statusMapping(): Record<string, TrackingStage> {
    return { ...DEFAULT_STATUS_MAPPING, ...this.options_.statusMapping }
  }

  // ---- catalog ------------------------------------------------------------

  /**
   * The store's search of active points (lib/search.ts): one page, and the
   * number of matches up to SEARCH_COUNT_CAP.
   */
  @InjectManager()
  async searchPickupPoints(
    search: PickupPointSearch,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{
    pickup_points: PickupPointSearchResult[]
    count: number
    count_is_estimate: boolean
    postcode_prefix?: string
    no_points_in_country?: boolean
  }> {
    const found = await this.searchPickupPointsAsTyped(search, sharedContext)
    if (found.count > 0) return found
    // Nothing at that postcode (searched by it alone): the points of the postcodes around it, said so
    // (`postcode_prefix`), rather than an empty list for a shopper whose own postcode has no point.
    const typed = postcodeWithoutSeparators(search) ?? search
    for (const shorter of shorterPostcodeSearches(typed)) {
      const around = await this.searchPickupPointsAsTyped(shorter, sharedContext)
      if (around.count > 0) return { ...around, postcode_prefix: shorter.postcode! }
    }
    // A country without any active point: no other search will find one there, and the shopper should be told so.
    if (search.country_code?.trim() && !(await this.countryHasPoints(search.country_code, sharedContext))) {
      return { ...found, no_points_in_country: true }
    }
    return found
  }

  private async countryHasPoints(countryCode: string, sharedContext: Context<EntityManager>): Promise<boolean> {
    const { sql, params } = buildCountryHasPointsSql(countryCode)
    const [row]: { has_points: boolean }[] = await sharedContext.manager!.execute(sql, params)
    return !!row?.has_points
  }

  /** The search as typed, then, when nothing matched, with the postcode compared without its separators. */
  private async searchPickupPointsAsTyped(
    search: PickupPointSearch,
    sharedContext: Context<EntityManager>
  ): Promise<{ pickup_points: PickupPointSearchResult[]; count: number; count_is_estimate: boolean }> {
    const { sql, params, cap } = buildPickupPointSearchSql(search)
    const rows: (PickupPointSearchResult & { total_count: string })[] = await sharedContext.manager!.execute(sql, params)
    // Counted up to one past the cap: past it, `count` is the cap and means "at least". A page past the
    // last match has no row to carry the count: it is counted apart (an empty first page has none to count).
    let counted = rows.length ? Number(rows[0].total_count) : 0
    if (!rows.length && search.offset > 0) {
      const count = buildPickupPointCountSql(search, cap)
      const [row]: { total_count: string }[] = await sharedContext.manager!.execute(count.sql, count.params)
      counted = Number(row?.total_count ?? 0)
    }
    // "00950" for the postcode 00-950: tried again without separators only when nothing matched as typed.
    const compact = counted === 0 ? postcodeWithoutSeparators(search) : null
    if (compact) {
      return await this.searchPickupPointsAsTyped(compact, sharedContext)
    }
    return {
      count: Math.min(counted, cap),
      count_is_estimate: counted > cap,
      pickup_points: rows.map(({ total_count: _count, distance_km, ...point }) => ({
        ...point,
        distance_km: roundedKm(distance_km),
      })),
    }
  }

  /**
   * The admin's catalog search (lib/admin-catalog-search.ts): one page of
   * points by code, or nearest a coordinate first with their `distance_km`,
   * and how many match.
   */
  @InjectManager()
  async listAndCountCatalogPoints(
    search: AdminCatalogSearch,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<[(PickupPointDTO & { distance_km?: number | null })[], number]> {
    const page = buildAdminCatalogPageSql(search)
    const count = buildAdminCatalogCountSql(search)
    const [rows, [counted]] = (await Promise.all([
      sharedContext.manager!.execute(page.sql, page.params),
      sharedContext.manager!.execute(count.sql, count.params),
    ])) as [{ id: string; distance_km: number | string | null }[], { count: string }[]]
    const found = rows.length ? await this.listPickupPoints({ id: rows.map((row) => row.id) }, {}, sharedContext) : []
    const byId = new Map(found.map((point) => [point.id, point]))
    // In the page's order; a point deleted between the two reads is left out.
    const points = rows.flatMap(({ id, distance_km }) => {
      const point = byId.get(id)
      if (!point) return []
      return search.near ? [{ ...point, distance_km: roundedKm(distance_km) }] : [point]
    })
    return [points, Number(counted?.count ?? 0)]
  }

  /** The active catalog entry for a code, or null when it is unknown or inactive. */
  async retrieveActivePickupPoint(code: string): Promise<PickupPointDTO | null> {
    const [point] = await this.listPickupPoints({ code, is_active: true }, { take: 1 })
    return point ?? null
  }

  /**
   * Updates points of the catalog; the opening hours given replace the stored
   * ones (a day left out is closed). Medusa merges a JSON field into the
   * stored value, as it does metadata, which would keep a day the admin
   * emptied: hours being replaced are cleared first, in the same transaction.
   */
  @InjectTransactionManager()
  async updateCatalogPoints(
    inputs: ({ id: string } & Partial<PickupPointInput>)[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointDTO[]> {
    const replacing = inputs.filter((input) => input.opening_hours)
    if (replacing.length) await this.updatePickupPoints(replacing.map(({ id }) => ({ id, opening_hours: null })), sharedContext)
    return await this.updatePickupPoints(inputs, sharedContext)
  }

  /** Creates or updates points by code, all of them or none; says which codes were new. */
  @InjectManager()
  async upsertPickupPointsByCode(
    inputs: PickupPointInput[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ created: string[]; updated: string[]; activity_changed: string[] }> {
    return await this.upsertPickupPointsByCode_(inputs, sharedContext)
  }

  @InjectTransactionManager()
  protected async upsertPickupPointsByCode_(
    inputs: PickupPointInput[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ created: string[]; updated: string[]; activity_changed: string[] }> {
    const existing = await this.listPickupPoints({ code: inputs.map((input) => input.code) }, { select: ["id", "code", "is_active"] }, sharedContext)
    const byCode = new Map(existing.map((point) => [point.code, point]))
    const toCreate = inputs.filter((input) => !byCode.has(input.code))
    const toUpdate = inputs.filter((input) => byCode.has(input.code))
    if (toCreate.length) await this.createPickupPoints(toCreate, sharedContext)
    if (toUpdate.length) await this.updateCatalogPoints(toUpdate.map((input) => ({ id: byCode.get(input.code)!.id, ...input })), sharedContext)
    // New points, and those the file activates or deactivates: their published options follow (an unchanged one is left as an admin set it).
    const changed = toUpdate.filter((input) => input.is_active !== undefined && input.is_active !== byCode.get(input.code)!.is_active)
    return { created: toCreate.map((input) => input.code), updated: toUpdate.map((input) => input.code), activity_changed: [...toCreate, ...changed].map((input) => input.code) }
  }

  // ---- shipments: the record and its claims --------------------------------

  /**
   * Records the intent to create a shipment order, before any call: once per
   * order, whatever the number of times an order.placed event is delivered.
   */
  @InjectManager()
  async recordShipmentIntent(
    intent: ShipmentIntent,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ shipment: PickupPointShipmentDTO; created: boolean }> {
    const why = intent.recovered
      ? HISTORY_MESSAGES.recordedBySweep
      : HISTORY_MESSAGES.toBeCreated
    // The record and its first history row in one statement: no transaction to open.
    const created = await atomic.insertShipmentWithHistory(
      sharedContext.transactionManager ?? sharedContext.manager!,
      this.shipmentFromIntent(intent, intent.recovered ? "unknown" : "pending"),
      intent.problem ?? why
    )
    if (created) {
      return { shipment: created, created: true }
    }
    // Another delivery of the same event won the unique index on order_id, or another order holds the
    // order number (ON CONFLICT without a target: two unique indexes race otherwise).
    const [existing] = await this.listPickupPointShipments({ order_id: intent.order_id }, { take: 1 }, sharedContext)
    if (!existing) {
      throw orderNumberTaken(intent.order_number)
    }
    return { shipment: existing, created: false }
  }

  /**
   * The same for a batch of intents, in one statement for those new: for
   * each intent, its shipment (new or already on record), or the error that
   * kept it from being recorded.
   */
  @InjectManager()
  async recordShipmentIntents(
    intents: ShipmentIntent[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<({ shipment: PickupPointShipmentDTO; created: boolean } | { error: MedusaError })[]> {
    const sql = sharedContext.transactionManager ?? sharedContext.manager!
    const inserted = await atomic.insertShipmentsWithHistory(
      sql,
      intents.map((intent) => ({
        ...this.shipmentFromIntent(intent, intent.recovered ? "unknown" : "pending"),
        message: intent.problem ?? (intent.recovered ? HISTORY_MESSAGES.recordedBySweep : HISTORY_MESSAGES.toBeCreated),
      }))
    )
    const insertedFor = new Map(inserted.map((shipment) => [shipment.order_id, shipment]))
    const others = intents.filter((intent) => !insertedFor.has(intent.order_id))
    // Recorded before (another delivery of the same event), or another order holds the order number.
    const existingFor = new Map(
      others.length ? (await this.listPickupPointShipments({ order_id: others.map((intent) => intent.order_id) }, { take: others.length }, sharedContext)).map((s) => [s.order_id, s]) : []
    )
    return intents.map((intent) => {
      const created = insertedFor.get(intent.order_id)
      if (created) return { shipment: created, created: true }
      const existing = existingFor.get(intent.order_id)
      return existing ? { shipment: existing, created: false } : { error: orderNumberTaken(intent.order_number) }
    })
  }

  /** The shipment row an intent records: failed with its problem, else in `status`. */
  private shipmentFromIntent(intent: ShipmentIntent, status: "pending" | "unknown") {
    return {
      order_id: intent.order_id,
      order_number: intent.order_number,
      pickup_point_code: intent.pickup_point_code,
      pickup_point: intent.pickup_point,
      merchant_type: this.options_.merchantType,
      request: intent.request as unknown as Record<string, unknown> | null,
      status: intent.problem ? ("failed" as const) : status,
      last_error: intent.problem ?? null,
    }
  }

  /**
   * Hands an order over from its cancelled shipment to a new one for another
   * pickup point, in one transaction: the old one is archived (soft-deleted,
   * its history kept), the new one recorded as an intent, and both
   * histories say who changed what. Throws when the old one is not a
   * cancelled, unclaimed shipment any more (nothing is changed then).
   */
  @InjectManager()
  async supersedeShipment(
    change: { previous_id: string; intent: ShipmentIntent; actor_id: string | null; message: string },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointShipmentDTO> {
    return await this.supersedeShipment_(change, sharedContext)
  }

  @InjectTransactionManager()
  protected async supersedeShipment_(
    change: { previous_id: string; intent: ShipmentIntent; actor_id: string | null; message: string },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointShipmentDTO> {
    const sql = sharedContext.transactionManager!
    const { intent } = change
    const archived = await atomic.archiveShipment(sql, change.previous_id)
    if (!archived) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Shipment ${change.previous_id} changed while its pickup point was being changed; reload the order and try again.`
      )
    }
    const shipment = await atomic.insertShipment(sql, this.shipmentFromIntent(intent, "pending"))
    if (!shipment) {
      const [another] = await this.listPickupPointShipments({ order_id: intent.order_id }, { take: 1, select: ["id"] }, sharedContext)
      throw another
        ? new MedusaError(MedusaError.Types.CONFLICT, `Order ${intent.order_id} got another shipment meanwhile; reload the order.`)
        : orderNumberTaken(intent.order_number)
    }
    await atomic.insertShipmentEvent(sql, archived.id, archived.status, continuedAsShipmentMessage(change.message, shipment.id), change.actor_id)
    // The problem first: after the change's line, an admin's note would seem to run on into it.
    await atomic.insertShipmentEvent(sql, shipment.id, shipment.status, intent.problem ? `${intent.problem} (${change.message})` : change.message, change.actor_id)
    return shipment
  }

  /** The live shipments among `ids`, read by one statement: a batch's shipments as its work left them. */
  @InjectManager()
  async listShipmentsByIds(ids: string[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<PickupPointShipmentDTO[]> {
    return await atomic.selectShipments(sharedContext.manager!, ids)
  }

  /** Takes a shipment for `leaseMs` under a fresh owner token; null while another claim holds it. */
  async claimShipment(id: string, leaseMs: number, sharedContext: Context<EntityManager> = {}): Promise<ShipmentClaim | null> {
    const { owner, shipments } = await this.claimShipments([id], leaseMs, sharedContext)
    return shipments[0] ? { owner, shipment: shipments[0] } : null
  }

  /**
   * Takes those of the shipments no claim holds, for `leaseMs`, under one
   * fresh owner token, in one statement: a batch of work claims once.
   */
  @InjectManager()
  async claimShipments(
    ids: string[],
    leaseMs: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ owner: string; shipments: PickupPointShipmentDTO[] }> {
    const owner = randomUUID()
    return { owner, shipments: await atomic.claimShipments(sharedContext.manager!, ids, owner, leaseMs) }
  }

  /** Extends the owner's claims; the ids it still holds (another claim took the rest). */
  @InjectManager()
  async renewShipmentClaims(ids: string[], owner: string, leaseMs: number, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.renewClaims(sharedContext.manager!, ids, owner, leaseMs)
  }

  /** Gives a claim back; a claim another owner holds now is left alone. */
  async releaseShipmentClaim(id: string, owner: string, sharedContext: Context<EntityManager> = {}) {
    return (await this.releaseShipmentClaims([id], owner, sharedContext)).length === 1
  }

  /** Gives the owner's claims back; the ids it gave back. */
  @InjectManager()
  async releaseShipmentClaims(ids: string[], owner: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.releaseClaims(sharedContext.manager!, ids, owner)
  }

  /**
   * Changes a shipment's status from the one it was read in, with its
   * history row, in one statement. Null when the shipment moved on or the
   * claim was lost meanwhile: a stale writer changes nothing.
   */
  @InjectManager()
  async transitionShipment(
    transition: ShipmentTransition,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointShipmentDTO | null> {
    return await atomic.transitionShipment(sharedContext.transactionManager ?? sharedContext.manager!, transition)
  }

  /**
   * The same for a batch of shipments moving between the same two statuses
   * under one claim, each with its own changes, in one statement: the
   * shipments that moved.
   */
  @InjectManager()
  async transitionShipments(
    batch: Parameters<typeof atomic.transitionShipments>[1],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointShipmentDTO[]> {
    return await atomic.transitionShipments(sharedContext.transactionManager ?? sharedContext.manager!, batch)
  }

  /**
   * Records a try that made no progress and when to try again (exponential
   * backoff); the history gets a row when the status changes or on the first
   * of a series. Null when the claim was lost meanwhile.
   */
  @InjectManager()
  async postponeShipment(
    postponement: ShipmentPostponement,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PickupPointShipmentDTO | null> {
    return await atomic.postponeShipment(sharedContext.transactionManager ?? sharedContext.manager!, postponement, this.options_.shipmentRetry)
  }

  /**
   * Once the service accepts the credentials again, the shipments whose
   * creates it refused for them are due at once, rather than after the
   * backoff their tries reached (up to `maxDelayMs`); how many.
   */
  @InjectManager()
  async makeCredentialWaitsDue(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number> {
    return await atomic.makeCredentialWaitsDue(sharedContext.manager!)
  }

  /** Records a cancel the service could not take now, for the retry job; null when the shipment can no longer be cancelled. */
  @InjectManager()
  async requestShipmentCancel(id: string, why: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await this.requestShipmentCancel_(id, why, sharedContext)
  }

  @InjectTransactionManager()
  protected async requestShipmentCancel_(id: string, why: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    const sql = sharedContext.transactionManager!
    const requested = await atomic.requestCancel(sql, id, CANCELLABLE_STATUSES, why)
    if (requested) {
      await atomic.insertShipmentEvent(sql, id, requested.status, cancelRequestedMessage(why))
    }
    return requested
  }

  /**
   * Claims up to `limit` shipments with work due but those in `except`,
   * under one fresh owner token; those other processes are claiming are skipped.
   */
  @InjectManager()
  async claimDueShipments(
    due: { limit: number; except: string[] },
    leaseMs: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ owner: string; shipments: PickupPointShipmentDTO[] }> {
    const owner = randomUUID()
    const statuses = { open: OPEN_CREATION_STATUSES, cancellable: CANCELLABLE_STATUSES }
    return { owner, shipments: await atomic.claimDueShipments(sharedContext.manager!, { ...due, owner, leaseMs }, statuses) }
  }

  /** Shipment orders of the current calendar year (store time zone) that got a label or a confirmation. */
  @InjectManager()
  async countConfirmedThisYear(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number> {
    const count = await atomic.countConfirmedThisYear(sharedContext.manager!, SHIPPED_OFF_STATUSES, this.options_.timeZone)
    return count + this.options_.ordersBeforeInstall
  }

  @InjectManager()
  async countShipmentsByStatus(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<Record<string, number>> {
    return await atomic.countShipmentsByStatus(sharedContext.manager!)
  }

  /** The shipment of an order, or a 404-style error naming the order. */
  async retrieveShipmentByOrder(orderId: string, sharedContext?: Context): Promise<PickupPointShipmentDTO> {
    const [shipment] = await this.listPickupPointShipments({ order_id: orderId }, { take: 1 }, sharedContext)
    if (!shipment) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no pickup-point shipment`)
    }
    return shipment
  }

  /** The shipment an order reference code belongs to, if any. */
  async findShipmentByReference(orderReferenceCode: string): Promise<PickupPointShipmentDTO | null> {
    const [shipment] = await this.listPickupPointShipments({ order_reference_code: orderReferenceCode }, { take: 1 })
    return shipment ?? null
  }

  // ---- verification code ---------------------------------------------------

  /**
   * Reserves one send of the pickup verification code within the per-shipment
   * limits, with the shipment's row locked, so that two requests at once can
   * never both pass the limit. The reservation is the audit record (who,
   * when, the masked address); `cancelVerificationCodeSend` takes it back
   * when the service then refuses.
   */
  @InjectManager()
  async reserveVerificationCodeSend(
    shipmentId: string,
    actorId: string | null,
    reservation: { first_only?: boolean } = {},
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<VerificationCodeReservation> {
    return await this.reserveVerificationCodeSend_(shipmentId, actorId, reservation, sharedContext)
  }

  @InjectTransactionManager()
  protected async reserveVerificationCodeSend_(
    shipmentId: string,
    actorId: string | null,
    reservation: { first_only?: boolean },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<VerificationCodeReservation> {
    const shipment = await atomic.lockShipment(sharedContext.transactionManager!, shipmentId)
    if (!shipment) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${shipmentId} was not found`)
    }
    const refusal = verificationCodeRefusal(shipment)
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    }
    // The send made by itself when the parcel is ready goes only to a shipment whose code was never sent,
    // read under the shipment's lock: an event delivered twice, or an admin's send first, sends nothing more.
    if (reservation.first_only) {
      const [earlier] = await this.listPickupPointVerificationCodeSends({ shipment_id: shipmentId }, { take: 1 }, sharedContext)
      if (earlier) {
        return { reserved: false, message: "The code was sent already.", retry_after_seconds: 0 }
      }
    }
    const { minIntervalSeconds, maxPerDay } = this.options_.verificationCode
    const now = Date.now()
    const recent = await this.listPickupPointVerificationCodeSends(
      { shipment_id: shipmentId, sent_at: { $gte: new Date(now - 86_400_000) } },
      { order: { sent_at: "DESC" } },
      sharedContext
    )
    const wait = recent.length ? Math.ceil(minIntervalSeconds - (now - new Date(recent[0].sent_at).getTime()) / 1000) : 0
    if (wait > 0) {
      return { reserved: false, message: `The code was sent moments ago; it can be sent again in ${wait} s.`, retry_after_seconds: wait }
    }
    if (recent.length >= maxPerDay) {
      const retry = Math.ceil((new Date(recent[recent.length - 1].sent_at).getTime() + 86_400_000 - now) / 1000)
      return { reserved: false, message: `The code was sent ${recent.length} times in the last 24 hours, the most allowed.`, retry_after_seconds: retry }
    }
    // Only for the audit and the admin's message: the carrier sends the code to the address it keeps, also
    // once the retention took the plugin's copy (then shown as ***).
    const email = String((shipment.request as { customerEmail?: string } | null)?.customerEmail ?? "")
    const send = await this.createPickupPointVerificationCodeSends(
      { shipment_id: shipmentId, actor_id: actorId, masked_email: maskEmail(email), sent_at: new Date(now) },
      sharedContext
    )
    return {
      reserved: true,
      send_id: send.id,
      masked_email: send.masked_email,
      sent_at: send.sent_at,
      next_allowed_at: new Date(now + minIntervalSeconds * 1000),
      left_today: maxPerDay - recent.length - 1,
    }
  }

  // ---- webhook deliveries -------------------------------------------------

  /** The id of the live shipment with this order reference code (one indexed read, no entity). */
  @InjectManager()
  async findShipmentIdByReference(orderReferenceCode: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.shipmentIdByReference(sharedContext.manager!, orderReferenceCode)
  }

  /** Stores a claimed delivery's verdict, result and what was read of it, in one statement. */
  @InjectManager()
  async settleWebhookDelivery(
    id: string,
    fields: Parameters<typeof atomic.settleWebhookDelivery>[2],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ) {
    await atomic.settleWebhookDelivery(sharedContext.manager!, id, fields)
  }

  /**
   * Claims the processing of webhook bodies, by their digests (see atomic-operations.ts);
   * `claimed: false` for a duplicate. What was read of each body is kept with its claim; given its
   * order reference code, it answers its shipment's id too.
   */
  @InjectManager()
  async claimWebhookDeliveries(claims: atomic.WebhookDeliveryClaim[], @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    // A delivery still processing after this long died with its process: a redelivery takes it over.
    return await atomic.claimWebhookDeliveries(sharedContext.manager!, claims, WEBHOOK_PROCESSING_STALE_MS)
  }

  /** Deliveries whose processor died, or whose processing failed within a day, oldest first (see atomic-operations.ts). */
  @InjectManager()
  async listStalledWebhookDeliveryIds(limit: number, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.listStalledWebhookDeliveryIds(sharedContext.manager!, WEBHOOK_PROCESSING_STALE_MS, FAILED_WEBHOOK_RETRIED_FOR_MS, limit)
  }

  /** Settles the stalled deliveries whose body was unreadable, which nothing can process again (see atomic-operations.ts). */
  @InjectManager()
  async settleUnreadableStalledWebhookDeliveries(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number> {
    return await atomic.settleUnreadableStalledWebhookDeliveries(sharedContext.manager!, WEBHOOK_PROCESSING_STALE_MS, WEBHOOK_RESULTS.unreadableStopped)
  }

  /** Parcels ready for pickup whose verification code was owed and never sent (see atomic-operations.ts). */
  @InjectManager()
  async listShipmentIdsOwedVerificationCode(limit: number, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.listShipmentIdsOwedVerificationCode(sharedContext.manager!, OWED_CODE_SETTLE_MS, OWED_CODE_TRIED_FOR_MS, OWED_CODE_BACKOFF, limit)
  }

  /** Counts a failed send of a parcel's owed verification code: the sweep backs off (see atomic-operations.ts). */
  @InjectManager()
  async recordVerificationCodeFailure(shipmentId: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await atomic.recordVerificationCodeFailure(sharedContext.manager!, shipmentId)
  }

  /** Claims the reprocessing of a failed or unmatched delivery (see atomic-operations.ts); false when it is not one. */
  @InjectManager()
  async claimWebhookDeliveryForReprocess(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    return await atomic.claimWebhookDeliveryForReprocess(sharedContext.manager!, id, WEBHOOK_PROCESSING_STALE_MS)
  }

  // ---- call log -------------------------------------------------------------

  /** Keeps a batch of calls to the service in one statement (src/workflows/utils/service-call-log.ts batches them in the background). */
  @InjectManager()
  async recordServiceCalls(calls: ServiceCall[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await atomic.insertServiceCalls(sharedContext.manager!, calls)
  }


  // ---- tracking -----------------------------------------------------------

  /**
   * Records status reports and moves each shipment's stage forward. The one
   * path every source goes through: a status already in a shipment's history
   * is not added again, and a stage is set only if it is further than the
   * stored one (compare-and-set), so old, repeated or concurrent reports
   * never move a shipment back nor apply twice. Unknown codes are kept in the
   * history and move nothing. `release` gives a sync batch's lease back (and
   * stamps it synced) in the same statement; `settle` stores the verdict of
   * each claimed webhook delivery that brought an update (at most one a
   * shipment), in it too.
   */
  @InjectManager()
  async recordTrackingUpdates(
    updates: TrackingUpdate[],
    { release, settle }: { release?: { ids: string[]; owner: string }; settle?: ({ id: string; shipment_id: string } & atomic.WebhookDeliveryFields)[] } = {},
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ recorded: number; transitions: TrackingTransition[] }> {
    if (!updates.length && !release?.ids.length) {
      return { recorded: 0, transitions: [] }
    }
    // A delivery's verdict is its shipment's move: two deliveries for one shipment would share it.
    if (settle && new Set(settle.map((delivery) => delivery.shipment_id)).size < settle.length) {
      throw new MedusaError(MedusaError.Types.INVALID_ARGUMENT, "recordTrackingUpdates settles at most one webhook delivery a shipment")
    }
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
    // The furthest mapped report per shipment in this batch.
    const furthest = new Map<string, (typeof rows)[number]>()
    for (const row of rows) {
      if (!row.stage) continue
      const best = furthest.get(row.shipment_id)
      if (!best || TRACKING_STAGES[row.stage] > TRACKING_STAGES[best.stage!]) furthest.set(row.shipment_id, row)
    }
    // One statement: the history, tracking numbers, forward moves, a sync batch's release and a webhook delivery's verdict.
    const { recorded, transitions } = await atomic.recordTrackingBatch(sharedContext.manager!, {
      events: rows,
      numbers: rows.flatMap((r) => (r.tracking_number ? [{ shipment_id: r.shipment_id, tracking_number: r.tracking_number }] : [])),
      moves: [...furthest.values()].map((m) => ({
        shipment_id: m.shipment_id,
        rank: TRACKING_STAGES[m.stage!],
        code: m.code,
        description: m.status_description ?? null,
        at: m.at,
      })),
      release,
      settle: settle?.map((delivery) => ({
        ...delivery,
        applied_result: WEBHOOK_RESULTS.applied(furthest.get(delivery.shipment_id)?.stage ?? ""),
        unchanged_result: WEBHOOK_RESULTS.unchanged,
      })),
    })
    return { recorded, transitions: transitions.map((t) => ({ ...t, stage: furthest.get(t.shipment_id)!.stage! })) }
  }

  /**
   * Claims the right to tell Medusa a shipment was shipped, delivered or
   * cancelled by the carrier, for a while (one claim per shipment at a
   * time): its token, or null when the state is told already or another
   * process is telling it. settleFulfillmentState ends it.
   */
  @InjectManager()
  async claimFulfillmentState(shipmentId: string, state: FulfillmentState, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<string | null> {
    const token = randomUUID()
    return (await atomic.claimFulfillmentState(sharedContext.manager!, shipmentId, state, token)) ? token : null
  }

  /**
   * Ends the claim `token` holds: keeps the state as told (`told`: Medusa
   * took it), or gives the claim back after a failure, for the next sync.
   */
  @InjectManager()
  async settleFulfillmentState(
    shipmentId: string,
    state: FulfillmentState,
    { token, told }: { token: string; told: boolean },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await atomic.settleFulfillmentState(sharedContext.manager!, shipmentId, state, token, told)
  }

  /** Keeps a state as told without a claim (nothing to tell the fulfillment), while the shipment is still that fulfillment's. */
  @InjectManager()
  async markFulfillmentStateTold(
    shipmentId: string,
    state: FulfillmentState,
    fulfillmentId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await atomic.markFulfillmentStateTold(sharedContext.manager!, shipmentId, state, fulfillmentId)
  }

  /**
   * Shipments whose stage says Medusa should show them shipped or delivered,
   * or know the carrier cancelled them, but whose claim is not taken: a crash
   * or an error between recording and telling Medusa, or a cancel recorded
   * before the plugin told Medusa of it. The sync applies them first.
   */
  @InjectManager()
  async listUnappliedTransitions(limit: number, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<TrackingTransition[]> {
    const mapping = this.statusMapping
    const rows = await atomic.listUnappliedTransitions(sharedContext.manager!, limit, {
      shipped: codesFor(mapping, LEFT_WAREHOUSE_STAGES),
      delivered: codesFor(mapping, new Set<TrackingStage>(["delivered"])),
      cancelled: codesFor(mapping, new Set<TrackingStage>(["cancelled"])),
    })
    return rows.map((row) => ({ ...row, stage: stageOf(row.status_code, mapping)! }))
  }

  /** The database's clock now: where a sync run starts, against the stamps its statements write. */
  @InjectManager()
  async databaseNow(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<Date> {
    return await atomic.databaseNow(sharedContext.manager!)
  }

  /**
   * Claims the next batch of followed shipments for the sync, stalest first,
   * among those not synced since the run began (so a run asks about each
   * shipment once). Rows another process has claimed are skipped, so two
   * workers never sync the same shipment at once.
   */
  @InjectManager()
  async claimSyncBatch(
    batch: { limit: number; runStartedAt: Date; owner: string; leaseMs: number },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ id: string; order_reference_code: string }[]> {
    return await atomic.claimSyncBatch(sharedContext.manager!, { ...batch, maxAgeDays: this.options_.trackingSync.maxAgeDays })
  }

  /** Releases a sync batch the owner holds; `synced` also stamps the shipments as synced now. */
  @InjectManager()
  async releaseSyncBatch(ids: string[], owner: string, synced: boolean, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await atomic.releaseSyncBatch(sharedContext.manager!, ids, owner, synced)
  }

  /** Stamps one shipment as synced now (an admin's check with the carrier), on the database's clock. */
  @InjectManager()
  async markShipmentSynced(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await atomic.markShipmentSynced(sharedContext.manager!, id)
  }

  /** The sync's state row, created on first use (by whichever worker gets there first). */
  @InjectManager()
  async retrieveSyncState(@MedusaContext() sharedContext: Context<EntityManager> = {}) {
    await atomic.ensureSyncState(sharedContext.manager!, SYNC_STATE_ID)
    return await this.retrievePickupPointSyncState(SYNC_STATE_ID, {}, sharedContext)
  }

  /**
   * Where the order sweep has got to: its cursor (the last order display id it looked at, null before
   * its first run) and the orders it could not record, which it tries again every run.
   */
  @InjectManager()
  async retrieveOrderSweep(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<{ cursor: number | null; retry_ids: string[] }> {
    await atomic.ensureSyncState(sharedContext.manager!, ORDER_SWEEP_STATE_ID)
    const { cursor, retry_ids } = await this.retrievePickupPointSyncState(ORDER_SWEEP_STATE_ID, {}, sharedContext)
    return {
      cursor: cursor === null || cursor === undefined ? null : Number(cursor),
      retry_ids: Array.isArray(retry_ids) ? (retry_ids as string[]) : [],
    }
  }

  /**
   * Moves the order sweep's cursor forward to `through` (never back, whichever process gets there
   * first), adds the orders it could not record to those it tries again and takes out the `settled` ones.
   */
  @InjectManager()
  async advanceOrderSweep(
    sweep: { through: number; failed: string[]; settled: string[] },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await atomic.advanceSweep(sharedContext.manager!, ORDER_SWEEP_STATE_ID, sweep)
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
    const state = await this.retrieveSyncState(sharedContext)
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
    return await this.updatePickupPointSyncStates({
      id: SYNC_STATE_ID,
      consecutive_failures: 0,
      circuit_open_until: null,
      last_run_at: now,
      last_success_at: now,
      last_error: null,
      lag_seconds: await atomic.followedLagSeconds(sharedContext.manager!, this.options_.trackingSync.maxAgeDays),
    })
  }

  // ---- labels and retention -------------------------------------------------

  /** Adds a line to a shipment's history without changing its status: an outcome the admin should see (a label that failed in the background). */
  @InjectManager()
  async noteShipmentEvent(shipmentId: string, message: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    const shipment = await this.retrievePickupPointShipment(shipmentId, { select: ["id", "status"] }, sharedContext)
    await atomic.insertShipmentEvent(sharedContext.manager!, shipment.id, shipment.status, message)
  }

  /** Keeps a label PDF in the plugin's own table (see models/pickup-point-label.ts); answers its id. */
  async storeLabelPdf(shipmentId: string, pdfBase64: string, sharedContext?: Context): Promise<string> {
    const label = await this.createPickupPointLabels({ shipment_id: shipmentId, content_base64: pdfBase64 }, sharedContext)
    return label.id
  }

  /**
   * Stored label PDFs (base64) by id, read in one query: a bulk print reads
   * its labels at once rather than one query each. Ids that are not this
   * table's (labels made before it existed) are absent from the map.
   */
  async retrieveLabelPdfs(labelIds: string[], sharedContext?: Context): Promise<Map<string, string>> {
    if (!labelIds.length) return new Map()
    const labels = await this.listPickupPointLabels({ id: labelIds }, { take: labelIds.length, select: ["id", "content_base64"] }, sharedContext)
    return new Map(labels.map((label) => [label.id, label.content_base64]))
  }

  /** A stored label PDF, or null when `labelId` is not one of this table's (a label made before it existed). */
  async retrieveLabelPdf(labelId: string, sharedContext?: Context): Promise<Buffer | null> {
    const [label] = await this.listPickupPointLabels({ id: labelId }, { take: 1, select: ["id", "content_base64"] }, sharedContext)
    return label ? Buffer.from(label.content_base64, "base64") : null
  }

  /**
   * Deletes webhook deliveries, tracking history, the call log and label
   * PDFs older than the retention options say, and takes the customer's
   * details out of older shipment orders' stored requests, in batches of
   * `retention.batchSize`, at most `retention.maxBatchesPerRun` per kind per
   * run (the rest waits for the next run); answers how many of each went.
   */
  @InjectManager()
  async pruneExpiredRecords(
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<Record<keyof typeof atomic.PRUNABLE_RECORDS | "shipment_contacts" | "code_send_emails", number>> {
    const { webhookDeliveriesDays, trackingHistoryDays, serviceCallsDays, personalDataDays, batchSize, maxBatchesPerRun } = this.options_.retention
    const ages: Record<keyof typeof atomic.PRUNABLE_RECORDS, number> = {
      webhook_deliveries: webhookDeliveriesDays,
      tracking_events: trackingHistoryDays,
      service_calls: serviceCallsDays,
      labels: personalDataDays,
    }
    const pruned = { webhook_deliveries: 0, tracking_events: 0, service_calls: 0, labels: 0, shipment_contacts: 0, code_send_emails: 0 }
    const inBatches = async (run: () => Promise<number>) => {
      let done = 0
      for (let batch = 0; batch < maxBatchesPerRun; batch++) {
        const count = await run()
        done += count
        if (count < batchSize) break
      }
      return done
    }
    const before = (days: number) => new Date(now.getTime() - days * 86_400_000)
    for (const kind of Object.keys(ages) as (keyof typeof ages)[]) {
      pruned[kind] = await inBatches(() => atomic.pruneRecords(sharedContext.manager!, kind, before(ages[kind]), batchSize))
    }
    pruned.shipment_contacts = await inBatches(() => atomic.scrubShipmentContacts(sharedContext.manager!, before(personalDataDays), batchSize))
    pruned.code_send_emails = await inBatches(() => atomic.scrubCodeSendEmails(sharedContext.manager!, before(personalDataDays), batchSize))
    return pruned
  }
}
