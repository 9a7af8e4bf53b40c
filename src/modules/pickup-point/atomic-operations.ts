import { CREDENTIALS_REFUSAL } from "../../lib/shipment-orders/errors"
import type { ServiceCall } from "../../lib/shipment-orders/call-log"
import { entityId, entityIds } from "./lib/entity-ids"
import { OPEN_CREATION_STATUSES, SHIPPED_OFF_STATUSES, STAGE_RANK_BEFORE_LABEL, TRACKING_STAGES } from "./lib/statuses"
import { FOLLOWED_SHIPMENTS_SQL, READY_FOR_PICKUP_SHIPMENTS_SQL } from "./models/pickup-point-shipment"
import type {
  FulfillmentState,
  PickupPointShipmentDTO,
  ShipmentChanges,
  ShipmentPostponement,
  ShipmentTransition,
  ShipmentStatus,
  TrackingTransition,
} from "./types"

/**
 * THE STATEMENTS THAT DECIDE WHO ACTS AND WHICH STATE WINS. Each is one SQL
 * statement, so that two processes can never both win; a state and its
 * history row are written by one statement too (withHistory), and the few
 * pairs that touch two shipments run in one transaction.
 *
 *   insertShipment      one shipment per order, whoever inserts first (unique index on order_id);
 *                       insertShipmentsWithHistory the same for a batch, in one statement
 *   claimShipments      a free or lapsed lease becomes the caller's, under a fresh owner token
 *   renewClaims         extends a lease only while its token still owns it
 *   releaseClaims       gives a lease back only if its token still owns it
 *   transitionShipment  moves the status only from the status it was read in and only for the
 *                       lease's owner: a stale worker's write changes nothing
 *   transitionShipments  the same for a batch moving between the same two statuses, in one statement
 *   postponeShipment    the same compare-and-set, spacing out the next try
 *   requestCancel       records a cancel for the job, only while the shipment can still be cancelled
 *   archiveShipment     a cancelled shipment steps aside (soft-deleted, history kept) only once, and
 *                       only when no claim holds it: the order's next shipment takes its place
 *   recordTrackingBatch  a report already in a shipment's history is not added again, and a
 *                       stage moves only forward, and past "label" only once the parcel has its
 *                       label: reports are recorded as they come, but a shipment follows only
 *                       the moves its lifecycle allows (one row version per shipment)
 *   claimFulfillmentState  telling Medusa "shipped", "delivered" or "cancelled by the carrier" happens once per shipment,
 *                       and is kept as told only once Medusa took it, by the claim's holder (settleFulfillmentState)
 *   claimSyncBatch      rows another process has claimed are skipped (FOR UPDATE SKIP LOCKED)
 *   claimDueShipments   the same for the retry job's due shipments
 *   claimWebhookDeliveries  of identical deliveries one is processed; only a settled one is a duplicate
 *   claimWebhookDeliveryForReprocess  an admin's reprocess wins only a failed delivery, once
 *   settleUnreadableStalledWebhookDeliveries  only a delivery still stuck `processing`, with nothing read of it
 *   advanceSweep        a sweep's cursor moves only forward; the ids it tries again are merged
 *
 * Raw SQL, because each rule is a WHERE clause the ORM's generated methods
 * cannot express (compare-and-set, SKIP LOCKED, ON CONFLICT, RETURNING).
 */

/** What `execute` needs of a MikroORM (knex) entity manager. */
// The driver returns rows untyped; each statement below names the shape of its rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SqlRunner = { execute(sql: string, params?: unknown[]): Promise<any> }

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ")

/** Columns a state change may set, with how a value is bound. */
const CHANGE_COLUMNS: Record<keyof ShipmentChanges, "value" | "json"> = {
  order_reference_code: "value",
  pickup_point_public_code: "value",
  tracking_number: "value",
  label_file_id: "value",
  label_url: "value",
  fulfillment_id: "value",
  label_requested_at: "value",
  shipped_off_at: "value",
  create_attempts: "value",
  cancel_requested_at: "value",
  last_error: "value",
  retry_count: "value",
  shipped_at: "value",
  delivered_at: "value",
  telling_medusa_until: "value",
  telling_medusa_by: "value",
  request: "json",
}

function setClause(changes: ShipmentChanges): { sql: string[]; params: unknown[] } {
  const sql: string[] = []
  const params: unknown[] = []
  for (const [column, value] of Object.entries(changes)) {
    const kind = CHANGE_COLUMNS[column as keyof ShipmentChanges]
    if (!kind || value === undefined) continue
    sql.push(kind === "json" ? `${column} = CAST(? AS jsonb)` : `${column} = ?`)
    params.push(kind === "json" && value !== null ? JSON.stringify(value) : value)
  }
  return { sql, params }
}

/** A shipment's record as first written, before any call to the service. */
export type NewShipment = Pick<
  PickupPointShipmentDTO,
  "order_id" | "order_number" | "pickup_point_code" | "pickup_point" | "merchant_type" | "request" | "status" | "last_error"
>

type Sql = { sql: string; params: unknown[] }

/**
 * The history row a status change writes with it: a data-modifying CTE over
 * the changed row, so that the change and its history are one statement (one
 * round trip, atomic without a transaction). `when` (SQL over the changed
 * row, else every change) says whether the change gets a row.
 */
function withHistory(change: string, changeParams: unknown[], message: string | null, when = "true"): Sql {
  return {
    sql:
      `WITH changed AS (${change}), ` +
      `history AS (INSERT INTO pickup_point_shipment_event (id, shipment_id, status, message, occurred_at) ` +
      `SELECT ?, changed.id, changed.status, ?, now() FROM changed WHERE ${when}) ` +
      `SELECT * FROM changed`,
    params: [...changeParams, entityId("pushev"), message],
  }
}

function insertShipmentStatement(row: NewShipment): Sql {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
  return {
    sql: `INSERT INTO pickup_point_shipment
       (id, order_id, order_number, pickup_point_code, pickup_point, merchant_type, request, status, last_error)
     VALUES (?, ?, ?, ?, CAST(? AS jsonb), ?, CAST(? AS jsonb), ?, ?)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    params: [
      entityId("pushp"),
      row.order_id,
      row.order_number,
      row.pickup_point_code,
      json(row.pickup_point),
      row.merchant_type,
      json(row.request),
      row.status,
      row.last_error ?? null,
    ],
  }
}

/** The order's shipment record, unless the order has one already (then null). */
export async function insertShipment(sql: SqlRunner, row: NewShipment): Promise<PickupPointShipmentDTO | null> {
  const { sql: statement, params } = insertShipmentStatement(row)
  const [inserted] = await sql.execute(statement, params)
  return inserted ?? null
}

/** The same, with its first history row, in one statement. */
export async function insertShipmentWithHistory(sql: SqlRunner, row: NewShipment, message: string): Promise<PickupPointShipmentDTO | null> {
  const insert = insertShipmentStatement(row)
  const statement = withHistory(insert.sql, insert.params, message)
  const [inserted] = await sql.execute(statement.sql, statement.params)
  return inserted ?? null
}

/** The live shipments among `ids`, as the statements here return them (no entity to build for each). */
export async function selectShipments(sql: SqlRunner, ids: readonly string[]): Promise<PickupPointShipmentDTO[]> {
  if (!ids.length) return []
  return await sql.execute(`SELECT * FROM pickup_point_shipment WHERE id = ANY (CAST(? AS text[])) AND deleted_at IS NULL`, [textArray(ids)])
}

/**
 * The records of a batch of shipments, each with its first history row
 * (`message`), in one statement: those inserted. An order that has a
 * shipment already, or whose order number another order's holds, is left
 * out (as insertShipment does for one).
 */
export async function insertShipmentsWithHistory(sql: SqlRunner, rows: (NewShipment & { message: string })[]): Promise<PickupPointShipmentDTO[]> {
  if (!rows.length) return []
  const ids = entityIds("pushp", rows.length)
  const historyIds = entityIds("pushev", rows.length)
  // In the order of their orders: two batches inserting the same orders never wait on each other in a cycle.
  const sorted = [...rows].sort((a, b) => (a.order_id < b.order_id ? -1 : a.order_id > b.order_id ? 1 : 0))
  const input = jsonForPostgres(
    sorted.map((row, i) => ({
      id: ids[i],
      history_id: historyIds[i],
      message: row.message,
      order_id: row.order_id,
      order_number: row.order_number,
      pickup_point_code: row.pickup_point_code,
      pickup_point: row.pickup_point ?? null,
      merchant_type: row.merchant_type,
      request: row.request ?? null,
      status: row.status,
      last_error: row.last_error ?? null,
    }))
  )
  const inserted: (PickupPointShipmentDTO & { history_id: string })[] = await sql.execute(
    `WITH v AS (
       SELECT * FROM jsonb_to_recordset(CAST(? AS jsonb)) AS v(id text, history_id text, message text, order_id text, order_number text,
         pickup_point_code text, pickup_point jsonb, merchant_type text, request jsonb, status text, last_error text)),
     inserted AS (
       INSERT INTO pickup_point_shipment (id, order_id, order_number, pickup_point_code, pickup_point, merchant_type, request, status, last_error)
       SELECT id, order_id, order_number, pickup_point_code, pickup_point, merchant_type, request, status, last_error FROM v
       ON CONFLICT DO NOTHING
       RETURNING *),
     history AS (
       INSERT INTO pickup_point_shipment_event (id, shipment_id, status, message, occurred_at)
       SELECT v.history_id, inserted.id, inserted.status, v.message, now() FROM inserted JOIN v ON v.id = inserted.id)
     SELECT inserted.*, v.history_id FROM inserted JOIN v ON v.id = inserted.id`,
    [input]
  )
  return inserted.map(({ history_id: _history, ...shipment }) => shipment)
}

/**
 * A batch of the Health page's call log in one statement, with the ids made
 * together (entityIds): through the entity manager each row was an entity
 * built, given an id a character at a time and flushed, about 3% of a burst
 * of creates.
 */
export async function insertServiceCalls(sql: SqlRunner, calls: readonly ServiceCall[]): Promise<void> {
  if (!calls.length) return
  const ids = entityIds("pusc", calls.length)
  const input = jsonForPostgres(
    calls.map((call, i) => ({
      id: ids[i],
      operation: call.operation,
      http_status: call.http_status,
      duration_ms: call.duration_ms,
      outcome: call.outcome,
      attempt: call.attempt,
      retried: call.retried,
      called_at: call.at.toISOString(),
    }))
  )
  await sql.execute(
    `INSERT INTO pickup_point_service_call (id, operation, http_status, duration_ms, outcome, attempt, retried, called_at)
     SELECT id, operation, http_status, duration_ms, outcome, attempt, retried, called_at
     FROM jsonb_to_recordset(CAST(? AS jsonb)) AS v(id text, operation text, http_status integer, duration_ms integer, outcome text,
       attempt integer, retried boolean, called_at timestamptz)`,
    [input]
  )
}

/** The shipments among `ids` whose lease is free or lapsed, now under `owner`: one statement for a batch. */
export async function claimShipments(sql: SqlRunner, ids: readonly string[], owner: string, leaseMs: number): Promise<PickupPointShipmentDTO[]> {
  if (!ids.length) return []
  return await sql.execute(
    `UPDATE pickup_point_shipment SET lease_until = now() + (? * interval '1 millisecond'), lease_owner = ?
     WHERE id = ANY (CAST(? AS text[])) AND deleted_at IS NULL AND (lease_until IS NULL OR lease_until < now())
     RETURNING *`,
    [leaseMs, owner, textArray([...ids].sort())]
  )
}

/** Extends the leases `owner` still holds among `ids`; the ids it holds. */
export async function renewClaims(sql: SqlRunner, ids: readonly string[], owner: string, leaseMs: number): Promise<string[]> {
  if (!ids.length) return []
  const rows: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_shipment SET lease_until = now() + (? * interval '1 millisecond')
     WHERE id = ANY (CAST(? AS text[])) AND lease_owner = ? RETURNING id`,
    [leaseMs, textArray([...ids].sort()), owner]
  )
  return rows.map((row) => row.id)
}

/** Gives back the leases `owner` still holds among `ids`; the ids it gave back. */
export async function releaseClaims(sql: SqlRunner, ids: readonly string[], owner: string): Promise<string[]> {
  if (!ids.length) return []
  const rows: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_shipment SET lease_until = NULL, lease_owner = NULL WHERE id = ANY (CAST(? AS text[])) AND lease_owner = ? RETURNING id`,
    [textArray([...ids].sort()), owner]
  )
  return rows.map((row) => row.id)
}

const fromList = (from: ShipmentStatus | readonly ShipmentStatus[]) => (typeof from === "string" ? [from] : [...from])

/** A compare-and-set of the status, with its history row; null when the shipment moved on or the claim was lost. */
export async function transitionShipment(sql: SqlRunner, transition: ShipmentTransition): Promise<PickupPointShipmentDTO | null> {
  const from = fromList(transition.from)
  const set = setClause(transition.changes ?? {})
  // Progress bookkeeping starts again with every change, but for the attempt itself.
  const progress = transition.to === "creating" ? [] : ["retry_count = 0", "next_attempt_at = NULL", "last_error = NULL"]
  const assignments = [
    "status = ?",
    "updated_at = now()",
    ...progress.filter((p) => !set.sql.some((s) => s.startsWith(p.split(" ")[0] + " "))),
    ...set.sql,
  ]
  const statement = withHistory(
    `UPDATE pickup_point_shipment SET ${assignments.join(", ")}
     WHERE id = ? AND deleted_at IS NULL AND status IN (${placeholders(from)})${transition.owner ? " AND lease_owner = ?" : ""}
     RETURNING *`,
    [transition.to, ...set.params, transition.id, ...from, ...(transition.owner ? [transition.owner] : [])],
    transition.message
  )
  const [moved] = await sql.execute(statement.sql, statement.params)
  return moved ?? null
}

/**
 * The same compare-and-set for a batch of shipments moving between the same
 * two statuses under one owner, each with its own changes and its history
 * row, in one statement: the shipments that moved (the others moved on or
 * were lost to another claim meanwhile).
 */
export async function transitionShipments(
  sql: SqlRunner,
  batch: Omit<ShipmentTransition, "id" | "changes"> & { owner: string; rows: { id: string; changes?: ShipmentChanges }[] }
): Promise<PickupPointShipmentDTO[]> {
  if (!batch.rows.length) return []
  const from = fromList(batch.from)
  const given = new Set(batch.rows.flatMap((row) => Object.keys(row.changes ?? {}).filter((column) => column in CHANGE_COLUMNS)))
  // A change given for the row wins; else the column keeps its value, or the change's own reset applies.
  const fromRow = (column: string, otherwise: string) => `CASE WHEN v.changes -> '${column}' IS NOT NULL THEN (v.changed).${column} ELSE ${otherwise} END`
  const resets = progressResets(batch.to)
  const assignments = [
    "status = ?",
    "updated_at = now()",
    ...Object.entries(resets).map(([column, reset]) => `${column} = ${given.has(column) ? fromRow(column, reset) : reset}`),
    ...[...given].filter((column) => !(column in resets)).map((column) => `${column} = ${fromRow(column, `s.${column}`)}`),
  ]
  const historyIds = entityIds("pushev", batch.rows.length)
  // Rows in the order of their ids, as the batch's other statements list them (the rows of one batch are its owner's alone).
  const rows = [...batch.rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const input = jsonForPostgres(rows.map((row, i) => ({ id: row.id, history_id: historyIds[i], changes: row.changes ?? {} })))
  const moved: (PickupPointShipmentDTO & { history_id: string })[] = await sql.execute(
    `WITH v AS (
       SELECT x.id, x.history_id, x.changes, jsonb_populate_record(NULL::pickup_point_shipment, x.changes) AS changed
       FROM jsonb_to_recordset(CAST(? AS jsonb)) AS x(id text, history_id text, changes jsonb)),
     changed AS (
       UPDATE pickup_point_shipment AS s SET ${assignments.join(", ")}
       FROM v
       WHERE s.id = v.id AND s.deleted_at IS NULL AND s.status IN (${placeholders(from)}) AND s.lease_owner = ?
       RETURNING s.*, v.history_id),
     history AS (
       INSERT INTO pickup_point_shipment_event (id, shipment_id, status, message, occurred_at)
       SELECT changed.history_id, changed.id, changed.status, ?, now() FROM changed)
     SELECT * FROM changed`,
    [input, batch.to, ...from, batch.owner, batch.message]
  )
  return moved.map(({ history_id: _history, ...shipment }) => shipment)
}

/** Progress bookkeeping starts again with every change, but for the attempt itself (as in transitionShipment). */
function progressResets(to: ShipmentStatus): Record<string, string> {
  return to === "creating" ? {} : { retry_count: "0", next_attempt_at: "NULL", last_error: "NULL" }
}

/**
 * Doublings of the base delay past which the cap always holds. Without a bound on the exponent,
 * power(2, n) overflows a double at n = 1024 (sooner times the base), and a shipment retried for
 * weeks (a cancel the carrier never confirms, an import that never comes) could never be
 * postponed again.
 */
const MAX_BACKOFF_DOUBLINGS = 40

/**
 * Records a try that made no progress and when to try again, with a history
 * row when the status changes or on the first try of a series. A try in the
 * same status leaves `updated_at` alone: it changed nothing an admin acts on,
 * and how long a shipment has waited (for the carrier's import, say) is read
 * from it.
 */
export async function postponeShipment(
  sql: SqlRunner,
  postponement: ShipmentPostponement,
  delay: { baseDelayMs: number; maxDelayMs: number }
): Promise<PickupPointShipmentDTO | null> {
  const restart = !!postponement.restart
  const statement = withHistory(
    `UPDATE pickup_point_shipment
     SET status = ?, retry_count = ${restart ? "1" : "retry_count + 1"}, last_error = ?, updated_at = CASE WHEN status = ? THEN updated_at ELSE now() END,
         next_attempt_at = now() + (LEAST(? * power(2, ${restart ? "0" : `LEAST(retry_count, ${MAX_BACKOFF_DOUBLINGS})`}), ?) * interval '1 millisecond')
     WHERE id = ? AND deleted_at IS NULL AND status = ? AND lease_owner = ?
     RETURNING *`,
    [postponement.to, postponement.error, postponement.to, delay.baseDelayMs, delay.maxDelayMs, postponement.id, postponement.from, postponement.owner],
    postponement.error,
    postponement.to !== postponement.from ? "true" : "changed.retry_count = 1"
  )
  const [postponed] = await sql.execute(statement.sql, statement.params)
  return postponed ?? null
}

/** Makes the pending shipments whose last create the service refused for the credentials due at once; how many. */
export async function makeCredentialWaitsDue(sql: SqlRunner): Promise<number> {
  const rows: unknown[] = await sql.execute(
    `UPDATE pickup_point_shipment SET next_attempt_at = NULL
     WHERE deleted_at IS NULL AND status = 'pending' AND next_attempt_at > now() AND strpos(last_error, ?) > 0
     RETURNING id`,
    [CREDENTIALS_REFUSAL]
  )
  return rows.length
}

export async function requestCancel(
  sql: SqlRunner,
  id: string,
  cancellable: readonly ShipmentStatus[],
  why: string
): Promise<PickupPointShipmentDTO | null> {
  const [requested] = await sql.execute(
    // The first request is due at once, whatever backoff the creation had reached.
    `UPDATE pickup_point_shipment SET cancel_requested_at = coalesce(cancel_requested_at, now()), last_error = ?, updated_at = now(),
         next_attempt_at = CASE WHEN cancel_requested_at IS NULL THEN NULL ELSE next_attempt_at END,
         retry_count = CASE WHEN cancel_requested_at IS NULL THEN 0 ELSE retry_count END
     WHERE id = ? AND deleted_at IS NULL AND status IN (${placeholders(cancellable)})
     RETURNING *`,
    [why, id, ...cancellable]
  )
  return requested ?? null
}

export async function insertShipmentEvent(
  sql: SqlRunner,
  shipmentId: string,
  status: string,
  message: string | null,
  actorId: string | null = null
): Promise<void> {
  await sql.execute(
    `INSERT INTO pickup_point_shipment_event (id, shipment_id, status, message, actor_id, occurred_at) VALUES (?, ?, ?, ?, ?, now())`,
    [entityId("pushev"), shipmentId, status, message, actorId]
  )
}

/**
 * Soft-deletes a cancelled shipment so that its order can have a new one
 * (the unique index on order_id counts live rows only); its row and history
 * stay readable. Null when it is not cancelled, already archived, or claimed.
 */
export async function archiveShipment(sql: SqlRunner, id: string): Promise<PickupPointShipmentDTO | null> {
  const [archived] = await sql.execute(
    `UPDATE pickup_point_shipment SET deleted_at = now(), updated_at = now()
     WHERE id = ? AND deleted_at IS NULL AND status = 'cancelled' AND (lease_until IS NULL OR lease_until < now())
     RETURNING *`,
    [id]
  )
  return archived ?? null
}

/**
 * Claims up to `limit` shipments with work due (an open creation, or a
 * requested cancel), the longest waiting first, under `owner`, but those in
 * `except` (worked on already this run), in one statement: rows another
 * process is claiming are skipped (FOR UPDATE SKIP LOCKED), so that
 * processes running the retry job together share the due work instead of
 * waiting on each other for the same rows.
 */
export async function claimDueShipments(
  sql: SqlRunner,
  batch: { limit: number; except: readonly string[]; owner: string; leaseMs: number },
  statuses: { open: readonly ShipmentStatus[]; cancellable: readonly ShipmentStatus[] }
): Promise<PickupPointShipmentDTO[]> {
  const { limit, except, owner, leaseMs } = batch
  // As claimSyncBatch: the due rows locked once, in a CTE (a subquery under IN may be run again).
  return await sql.execute(
    `WITH due AS (
       SELECT id FROM pickup_point_shipment
       WHERE deleted_at IS NULL AND NOT (id = ANY (CAST(? AS text[])))
         AND (status IN (${placeholders(statuses.open)})
              OR (cancel_requested_at IS NOT NULL AND status IN (${placeholders(statuses.cancellable)})))
         AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         AND (lease_until IS NULL OR lease_until < now())
       ORDER BY next_attempt_at ASC NULLS FIRST, created_at ASC
       LIMIT ?
       FOR UPDATE SKIP LOCKED)
     UPDATE pickup_point_shipment AS s SET lease_until = now() + (? * interval '1 millisecond'), lease_owner = ?
     FROM due WHERE s.id = due.id
     RETURNING s.*`,
    [textArray(except), ...statuses.open, ...statuses.cancellable, limit, leaseMs, owner]
  )
}

export type TrackingRow = {
  shipment_id: string
  code: string
  status_description?: string | null
  external_status_code?: string | null
  external_status_description?: string | null
  at: Date
  source: string
  dedupe: string
  tracking_number?: string | null
}

export type TrackingMove = { shipment_id: string; rank: number; code: string; description: string | null; at: Date }

/**
 * In JSON.stringify's output, after an even run of backslashes: an escaped lone surrogate (a pair is
 * written as is) or NUL, neither of which PostgreSQL's jsonb takes.
 */
const ESCAPED_UNSTORABLE = /(?<!\\)((?:\\\\)*)\\u(?:d[89a-f][0-9a-f]{2}|0000)/gi

/**
 * A value as JSON that PostgreSQL's jsonb accepts: a lone surrogate or a NUL
 * in a carrier's text would make jsonb refuse the whole batch, every run;
 * each becomes U+FFFD (as a lone surrogate does in a plain text parameter).
 */
function jsonForPostgres(value: unknown): string {
  const json = JSON.stringify(value)
  return /\\u(?:[dD][89a-fA-F]|0000)/.test(json) ? json.replace(ESCAPED_UNSTORABLE, "$1\\ufffd") : json
}

/** A PostgreSQL array literal of text values, bound as one parameter (`CAST(? AS text[])`). */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`
}

/**
 * Records a batch of reports in one statement: the history deduplicated, a
 * tracking number only where there is none, a stage only forward and past
 * "label" only once shipped off, and, for a sync batch, the owner's lease
 * released and the shipments stamped as synced, all in the same write of
 * each row; for webhook deliveries, their verdicts (`settle`, at most one
 * delivery a shipment). `moves` holds at
 * most one move per shipment. Returns how many reports were new and the
 * shipments whose stage moved.
 *
 * The batch's shipments are locked first, in id order, before any report is
 * written: a sync batch and a webhook batch (or two webhook batches) naming
 * the same shipments in other orders would otherwise each hold one the other
 * waits for, and PostgreSQL would abort one of them as a deadlock.
 */
export async function recordTrackingBatch(
  sql: SqlRunner,
  batch: {
    events: TrackingRow[]
    moves: TrackingMove[]
    numbers: { shipment_id: string; tracking_number: string }[]
    release?: { ids: string[]; owner: string }
    settle?: WebhookSettlement[]
  }
): Promise<{ recorded: number; transitions: Omit<TrackingTransition, "stage">[] }> {
  // One row per shipment: its move (if any), a tracking number (if any) and whether its lease is released.
  const perShipment = new Map<string, { move?: TrackingMove; number?: string; release: boolean }>()
  const entry = (id: string) => perShipment.get(id) ?? perShipment.set(id, { release: false }).get(id)!
  // A shipment with a report only (an unknown code, no number) has its row too, which changes nothing.
  for (const event of batch.events) entry(event.shipment_id)
  for (const move of batch.moves) entry(move.shipment_id).move = move
  for (const n of batch.numbers) entry(n.shipment_id).number ??= n.tracking_number
  for (const id of batch.release?.ids ?? []) entry(id).release = true
  if (!batch.events.length && !perShipment.size) return { recorded: 0, transitions: [] }

  // The batch travels as one JSON value rather than a parameter per column per row: a sync batch of
  // 100 would bind some 1,800, and quoting each into the statement cost more than the rest of it.
  const eventIds = entityIds("putrk", batch.events.length)
  const rows = [...perShipment.entries()]
  const input = jsonForPostgres({
    events: batch.events.map((r, i) => ({
      id: eventIds[i],
      shipment_id: r.shipment_id,
      status_code: r.code,
      status_description: r.status_description ?? null,
      external_status_code: r.external_status_code ?? null,
      external_status_description: r.external_status_description ?? null,
      occurred_at: r.at,
      source: r.source,
      dedupe_key: r.dedupe,
    })),
    shipments: rows.map(([id, r]) => ({
      id,
      rank: r.move?.rank ?? null,
      code: r.move?.code ?? null,
      description: r.move?.description ?? null,
      at: r.move?.at ?? null,
      number: r.number ?? null,
      release: r.release,
    })),
    settle: (batch.settle ?? []).map((d) => ({
      id: d.id,
      shipment_id: d.shipment_id,
      applied_result: d.applied_result,
      unchanged_result: d.unchanged_result,
      order_reference_code: d.order_reference_code ?? null,
      status_code: d.status_code ?? null,
      payload: d.payload ?? null,
    })),
  })
  const ids = textArray(rows.map(([id]) => id))
  const owner = batch.release?.owner ?? null
  // Set in the same write as the rest: a released lease and the sync stamp, only for the owner's rows.
  const released = "v.release AND s.lease_owner = CAST(? AS text)"
  const leaseColumns = `lease_until = CASE WHEN ${released} THEN NULL ELSE s.lease_until END,
         lease_owner = CASE WHEN ${released} THEN NULL ELSE s.lease_owner END,
         last_synced_at = CASE WHEN ${released} THEN now() ELSE s.last_synced_at END`
  const params: unknown[] = [input, ids, owner, owner, owner, ids, STAGE_RANK_BEFORE_LABEL, ...SHIPPED_OFF_STATUSES, owner, owner, owner, ids, owner]
  // Each webhook delivery's verdict, by whether its report moved its shipment (one delivery a shipment a batch).
  const settled = batch.settle?.length
    ? `,
     settled AS (
       UPDATE pickup_point_webhook_delivery AS d
       SET verdict = CASE WHEN st.moved THEN 'applied' ELSE 'unchanged' END,
           result = CASE WHEN st.moved THEN st.applied_result ELSE st.unchanged_result END,
           order_reference_code = coalesce(st.order_reference_code, d.order_reference_code), status_code = coalesce(st.status_code, d.status_code),
           shipment_id = coalesce(st.shipment_id, d.shipment_id), payload = coalesce(st.payload, d.payload), updated_at = now()
       FROM (SELECT st.*, EXISTS (SELECT 1 FROM moved WHERE moved.shipment_id = st.shipment_id) AS moved
             FROM input, jsonb_to_recordset(input.batch -> 'settle') AS st(id text, shipment_id text, applied_result text,
               unchanged_result text, order_reference_code text, status_code text, payload jsonb)) AS st
       WHERE d.id = st.id AND d.verdict = 'processing')`
    : ""
  const result: ({ recorded: number } & Partial<Omit<TrackingTransition, "stage">>)[] = await sql.execute(
    `WITH input AS (SELECT CAST(? AS jsonb) AS batch),
     locked AS (
       SELECT count(*) AS shipments FROM (
         SELECT id FROM pickup_point_shipment WHERE id = ANY (CAST(? AS text[])) ORDER BY id FOR UPDATE) AS in_order),
     inserted AS (
       INSERT INTO pickup_point_tracking_event
         (id, shipment_id, status_code, status_description, external_status_code, external_status_description, occurred_at, source, dedupe_key)
       SELECT e.* FROM input, locked, jsonb_to_recordset(input.batch -> 'events') AS e(id text, shipment_id text, status_code text,
         status_description text, external_status_code text, external_status_description text, occurred_at timestamptz, source text, dedupe_key text)
       ON CONFLICT (shipment_id, dedupe_key) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id),
     v AS (
       SELECT v.* FROM input, locked, jsonb_to_recordset(input.batch -> 'shipments')
         AS v(id text, rank integer, code text, description text, at timestamptz, number text, release boolean)),
     moved AS (
       UPDATE pickup_point_shipment AS s
       SET tracking_stage = v.rank, tracking_status_code = v.code, tracking_status_description = v.description,
           tracking_updated_at = v.at, updated_at = now(), tracking_number = coalesce(s.tracking_number, v.number),
           ready_recorded_at = CASE WHEN v.rank = ${TRACKING_STAGES.ready_for_pickup} THEN now() ELSE s.ready_recorded_at END,
           ${leaseColumns}
       FROM v
       WHERE s.id = v.id AND s.id = ANY (CAST(? AS text[])) AND s.deleted_at IS NULL AND v.rank IS NOT NULL AND s.tracking_stage < v.rank
         AND (v.rank <= ? OR s.status IN (${placeholders(SHIPPED_OFF_STATUSES)}))
       RETURNING s.id AS shipment_id, s.order_id, s.fulfillment_id, s.tracking_number, s.shipped_at, s.delivered_at,
         s.carrier_cancel_told_at, v.code AS status_code),
     rest AS (
       UPDATE pickup_point_shipment AS s
       SET tracking_number = coalesce(s.tracking_number, v.number),
           ${leaseColumns}
       FROM v
       WHERE s.id = v.id AND s.id = ANY (CAST(? AS text[])) AND NOT EXISTS (SELECT 1 FROM moved WHERE moved.shipment_id = s.id)
         AND ((v.number IS NOT NULL AND s.tracking_number IS NULL) OR ${released})
       RETURNING s.id)${settled}
     SELECT (SELECT count(*) FROM inserted)::int AS recorded, moved.*
     FROM (SELECT 1) AS one LEFT JOIN moved ON true`,
    params
  )
  return {
    recorded: result[0]?.recorded ?? 0,
    transitions: result.filter((row) => row.shipment_id).map(({ recorded: _recorded, ...row }) => row as Omit<TrackingTransition, "stage">),
  }
}

/** The shipment's column that records Medusa was told of each state. */
const FULFILLMENT_STATE_COLUMNS: Record<FulfillmentState, string> = {
  shipped: "shipped_at",
  delivered: "delivered_at",
  carrier_cancelled: "carrier_cancel_told_at",
}

/**
 * How long a claim to tell Medusa a state holds: past it, the process is
 * taken to have died while telling, and another may tell it. Far longer than
 * any of Medusa's workflows takes.
 */
const TELLING_MEDUSA_LEASE = "10 minutes"

/** Takes the claim to tell Medusa a state under `token`, unless it is told or another claim holds; whether it was taken. */
export async function claimFulfillmentState(sql: SqlRunner, shipmentId: string, state: FulfillmentState, token: string): Promise<boolean> {
  const column = FULFILLMENT_STATE_COLUMNS[state]
  const rows: unknown[] = await sql.execute(
    `UPDATE pickup_point_shipment SET telling_medusa_until = now() + interval '${TELLING_MEDUSA_LEASE}', telling_medusa_by = ?
     WHERE id = ? AND ${column} IS NULL AND (telling_medusa_until IS NULL OR telling_medusa_until < now())
     RETURNING id`,
    [token, shipmentId]
  )
  return rows.length === 1
}

/**
 * Ends the claim `token` holds: `told`, the state is kept as told; else the
 * claim is given back. Nothing when the claim is no longer that token's (it
 * lapsed and was taken, or a fulfillment that took the shipment over let it go).
 */
export async function settleFulfillmentState(sql: SqlRunner, shipmentId: string, state: FulfillmentState, token: string, told: boolean): Promise<void> {
  const column = FULFILLMENT_STATE_COLUMNS[state]
  await sql.execute(
    `UPDATE pickup_point_shipment SET ${told ? `${column} = coalesce(${column}, now()), ` : ""}telling_medusa_until = NULL, telling_medusa_by = NULL
     WHERE id = ? AND telling_medusa_by = ?`,
    [shipmentId, token]
  )
}

/** Keeps a state as told with no claim (there is nothing to tell the fulfillment, or it was written), while the shipment is still that fulfillment's. */
export async function markFulfillmentStateTold(sql: SqlRunner, shipmentId: string, state: FulfillmentState, fulfillmentId: string): Promise<void> {
  const column = FULFILLMENT_STATE_COLUMNS[state]
  await sql.execute(`UPDATE pickup_point_shipment SET ${column} = coalesce(${column}, now()) WHERE id = ? AND fulfillment_id = ?`, [shipmentId, fulfillmentId])
}

export async function listUnappliedTransitions(
  sql: SqlRunner,
  limit: number,
  codes: { shipped: string[]; delivered: string[]; cancelled: string[] }
): Promise<Omit<TrackingTransition, "stage">[]> {
  const list = (values: string[]) => (values.length ? placeholders(values) : "NULL")
  // Selected by status code and what is untold, so that shipments with nothing left to tell Medusa never fill the limit;
  // in no fixed order, so that moves Medusa keeps refusing (an order edit left open for days) cannot hold the others
  // back for good when there are more than the limit (a top-N sort of the untold moves alone, which are few).
  // A carrier-cancelled shipment is never delivered: it is found through the undelivered moves' index.
  return await sql.execute(
    `SELECT id AS shipment_id, order_id, fulfillment_id, tracking_number, shipped_at, delivered_at, carrier_cancel_told_at,
       tracking_status_code AS status_code
     FROM pickup_point_shipment
     WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL
       AND ((shipped_at IS NULL AND tracking_status_code IN (${list(codes.shipped)}))
            OR (delivered_at IS NULL AND tracking_status_code IN (${list(codes.delivered)}))
            OR (delivered_at IS NULL AND carrier_cancel_told_at IS NULL AND tracking_status_code IN (${list(codes.cancelled)})))
     ORDER BY random()
     LIMIT ?`,
    [...codes.shipped, ...codes.delivered, ...codes.cancelled, limit]
  )
}

/** Since when the tracking sync follows a shipment: its label's (or confirmation's) recording; its creation for a row without it. */
const FOLLOWED_SINCE_SQL = "coalesce(shipped_off_at, created_at)"

/** The database's clock, which stamps `last_synced_at`: a run's start is compared with those stamps, never the app's clock. */
export async function databaseNow(sql: SqlRunner): Promise<Date> {
  const [row]: { now: Date | string }[] = await sql.execute("SELECT now() AS now")
  return new Date(row.now)
}

export async function claimSyncBatch(
  sql: SqlRunner,
  batch: { limit: number; runStartedAt: Date; maxAgeDays: number; owner: string; leaseMs: number }
): Promise<{ id: string; order_reference_code: string }[]> {
  return await sql.execute(
    `WITH due AS (
       SELECT id FROM pickup_point_shipment
       WHERE ${FOLLOWED_SHIPMENTS_SQL}
         AND order_reference_code IS NOT NULL
         AND ${FOLLOWED_SINCE_SQL} > now() - (? * interval '1 day')
         AND (last_synced_at IS NULL OR last_synced_at < ?)
         AND (lease_until IS NULL OR lease_until < now())
       ORDER BY last_synced_at ASC NULLS FIRST, id
       LIMIT ?
       FOR UPDATE SKIP LOCKED)
     UPDATE pickup_point_shipment AS s SET lease_until = now() + (? * interval '1 millisecond'), lease_owner = ?
     FROM due WHERE s.id = due.id
     RETURNING s.id, s.order_reference_code`,
    [batch.maxAgeDays, batch.runStartedAt, batch.limit, batch.leaseMs, batch.owner]
  )
}

export async function releaseSyncBatch(sql: SqlRunner, ids: string[], owner: string, synced: boolean): Promise<void> {
  if (!ids.length) return
  await sql.execute(
    `UPDATE pickup_point_shipment SET lease_until = NULL, lease_owner = NULL${synced ? ", last_synced_at = now()" : ""}
     WHERE id IN (${placeholders(ids)}) AND lease_owner = ?`,
    [...ids, owner]
  )
}

/** Stamps a shipment as synced now, on the database's clock (the sync's own stamps are the database's too). */
export async function markShipmentSynced(sql: SqlRunner, id: string): Promise<void> {
  await sql.execute(`UPDATE pickup_point_shipment SET last_synced_at = now() WHERE id = ? AND deleted_at IS NULL`, [id])
}

/** The followed shipments' lag: how long ago the stalest one was last synced (or shipped off). */
export async function followedLagSeconds(sql: SqlRunner, maxAgeDays: number): Promise<number> {
  const [row]: { lag: string | null }[] = await sql.execute(
    `SELECT extract(epoch FROM now() - min(coalesce(last_synced_at, ${FOLLOWED_SINCE_SQL}))) AS lag FROM pickup_point_shipment
     WHERE ${FOLLOWED_SHIPMENTS_SQL} AND ${FOLLOWED_SINCE_SQL} > now() - (? * interval '1 day')`,
    [maxAgeDays]
  )
  return row?.lag == null ? 0 : Math.round(Number(row.lag))
}

/**
 * Shipment orders shipped off since the start of the year in the store's time
 * zone. A range on `created_at`, so that the partial index of shipped-off
 * shipments answers it (Migration20261122201000) at any catalog of orders.
 */
export async function countConfirmedThisYear(sql: SqlRunner, confirmed: readonly ShipmentStatus[], timeZone: string): Promise<number> {
  const [row]: { count: string }[] = await sql.execute(
    `SELECT count(*) AS count FROM pickup_point_shipment
     WHERE deleted_at IS NULL AND status IN (${placeholders(confirmed)})
       AND created_at >= date_trunc('year', now() AT TIME ZONE ?) AT TIME ZONE ?`,
    [...confirmed, timeZone, timeZone]
  )
  return Number(row?.count ?? 0)
}

export async function countShipmentsByStatus(sql: SqlRunner): Promise<Record<string, number>> {
  const rows: { status: string; count: string }[] = await sql.execute(
    `SELECT status, count(*) AS count FROM pickup_point_shipment WHERE deleted_at IS NULL GROUP BY status`
  )
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]))
}

/**
 * Locks a shipment's row for the rest of the transaction, so that checks
 * made on it (a rate limit, say) and the write that follows are one step.
 */
export async function lockShipment(sql: SqlRunner, id: string): Promise<PickupPointShipmentDTO | null> {
  const [locked] = await sql.execute(`SELECT * FROM pickup_point_shipment WHERE id = ? AND deleted_at IS NULL FOR UPDATE`, [id])
  return locked ?? null
}

export async function ensureSyncState(sql: SqlRunner, id: string): Promise<void> {
  await sql.execute(`INSERT INTO pickup_point_sync_state (id) VALUES (?) ON CONFLICT (id) DO NOTHING`, [id])
}

/** Verdicts after which a redelivery of the same body is a duplicate: the delivery was applied (or had nothing to apply). */
export const SETTLED_WEBHOOK_VERDICTS = ["applied", "unchanged"] as const

/** A webhook body to claim: its digest, and what was read of it. */
export type WebhookDeliveryClaim = { digest: string; read?: WebhookDeliveryFields }

/**
 * A claim's outcome: `claimed: false` for a duplicate; `verdict`, where the delivery stands now
 * (`processing` once claimed, by this call or, for a redelivery that lost the race, another);
 * `shipment_id` (null for none) when the body named one.
 */
export type WebhookDeliveryClaimed = { id: string; claimed: boolean; verdict: string; shipment_id?: string | null }

/**
 * Claims the processing of webhook bodies, by their digests (a digest given
 * twice is one claim that counts both deliveries): the first delivery of a
 * body inserts its record as `processing`; a redelivery
 * counts itself and wins the claim again only if the earlier one did not
 * settle (refused, failed, or stuck processing for longer than
 * `staleAfterMs`). Concurrent deliveries of one body get one winner. For a
 * body read with an order reference code, it answers the live shipment's
 * id with it (`shipment_id`, null for none). Outcomes by digest.
 */
export async function claimWebhookDeliveries(
  sql: SqlRunner,
  claims: readonly WebhookDeliveryClaim[],
  staleAfterMs: number
): Promise<Map<string, WebhookDeliveryClaimed>> {
  if (!claims.length) return new Map()
  // One row a digest (an upsert cannot touch a row twice), counting every delivery of it; in digest order,
  // so that two processes claiming overlapping bodies take their index entries in the same order.
  const byDigest = new Map<string, WebhookDeliveryClaim & { deliveries: number }>()
  for (const claim of claims) {
    const seen = byDigest.get(claim.digest)
    if (seen) seen.deliveries += 1
    else byDigest.set(claim.digest, { ...claim, deliveries: 1 })
  }
  const sorted = [...byDigest.values()].sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0))
  const ids = entityIds("puwh", sorted.length)
  const input = jsonForPostgres(
    sorted.map((claim, i) => ({
      id: ids[i],
      digest: claim.digest,
      deliveries: claim.deliveries,
      order_reference_code: claim.read?.order_reference_code ?? null,
      status_code: claim.read?.status_code ?? null,
      shipment_id: claim.read?.shipment_id ?? null,
      payload: claim.read?.payload ?? null,
    }))
  )
  // The row as it stands says whether a redelivery may take the claim over, which a second statement
  // then tries. Its one parameter: staleAfterMs.
  const reclaimable = `(d.verdict NOT IN (${SETTLED_WEBHOOK_VERDICTS.map((v) => `'${v}'`).join(", ")}, 'processing')
                        OR (d.verdict = 'processing' AND d.updated_at < now() - (? * interval '1 millisecond')))`
  const rows: { id: string; digest: string; verdict: string; inserted: boolean; reclaimable: boolean; shipment_id: string | null }[] = await sql.execute(
    // What was read of a body is kept with its claim: a delivery whose processor dies is processed
    // again from it (reprocessStalledWebhookDeliveries), its redeliveries being answered as duplicates.
    // The shipment a body names is looked up in the same round trip (see shipmentIdByReference), only
    // for a delivery that may be processed: a plain duplicate reads nothing else.
    `INSERT INTO pickup_point_webhook_delivery AS d (id, digest, verdict, received_at, deliveries, order_reference_code, status_code, shipment_id, payload)
     SELECT c.id, c.digest, 'processing', now(), c.deliveries, c.order_reference_code, c.status_code, c.shipment_id, c.payload
     FROM jsonb_to_recordset(CAST(? AS jsonb)) AS c(id text, digest text, deliveries integer, order_reference_code text, status_code text, shipment_id text, payload jsonb)
     ON CONFLICT (digest) WHERE deleted_at IS NULL
     DO UPDATE SET deliveries = d.deliveries + excluded.deliveries,
       -- A body refused before (say, by a field spelling this version reads) keeps what is read of it now.
       order_reference_code = coalesce(d.order_reference_code, excluded.order_reference_code),
       status_code = coalesce(d.status_code, excluded.status_code), payload = coalesce(d.payload, excluded.payload)
     RETURNING d.id, d.digest, d.verdict, (d.xmax = 0) AS inserted, ${reclaimable} AS reclaimable,
       CASE WHEN d.order_reference_code IS NOT NULL AND (d.xmax = 0 OR ${reclaimable})
         THEN (SELECT s.id FROM pickup_point_shipment AS s WHERE s.order_reference_code = d.order_reference_code AND s.deleted_at IS NULL LIMIT 1)
       END AS shipment_id`,
    [input, staleAfterMs, staleAfterMs]
  )
  // The same test again, as a compare-and-set: of concurrent redeliveries one takes it over.
  const candidates = rows.filter((row) => !row.inserted && row.reclaimable).map((row) => row.id)
  const reclaimed = new Set<string>()
  if (candidates.length) {
    const taken: { id: string }[] = await sql.execute(
      `UPDATE pickup_point_webhook_delivery AS d SET verdict = 'processing', updated_at = now()
       WHERE d.id = ANY (CAST(? AS text[])) AND ${reclaimable}
       RETURNING d.id`,
      [textArray(candidates), staleAfterMs]
    )
    for (const { id } of taken) reclaimed.add(id)
  }
  const read = new Map(claims.map((claim) => [claim.digest, claim.read?.order_reference_code != null]))
  return new Map(
    rows.map((row) => {
      const found = read.get(row.digest) ? { shipment_id: row.shipment_id ?? null } : {}
      if (row.inserted) return [row.digest, { id: row.id, claimed: true, verdict: "processing", ...found }]
      if (!row.reclaimable) return [row.digest, { id: row.id, claimed: false, verdict: row.verdict }]
      // Taken over by this call or, the compare-and-set lost, by a concurrent one: being processed either way.
      return [row.digest, { id: row.id, claimed: reclaimed.has(row.id), verdict: "processing", ...found }]
    })
  )
}

const SHIPMENT_BY_REFERENCE = "SELECT id FROM pickup_point_shipment WHERE order_reference_code = ? AND deleted_at IS NULL LIMIT 1"

/** The live shipment with this order reference code, if any: its id only (the webhook needs nothing more). */
export async function shipmentIdByReference(sql: SqlRunner, orderReferenceCode: string): Promise<string | null> {
  const [row]: { id: string }[] = await sql.execute(SHIPMENT_BY_REFERENCE, [orderReferenceCode])
  return row?.id ?? null
}

/**
 * Stores what the plugin made of a claimed webhook delivery: its verdict
 * and result, and the fields given (a null keeps the stored value).
 */
export async function settleWebhookDelivery(
  sql: SqlRunner,
  id: string,
  fields: { verdict: string; result: string } & WebhookDeliveryFields
): Promise<void> {
  await sql.execute(
    `UPDATE pickup_point_webhook_delivery SET ${settlementColumns("?", "?")} WHERE id = ? AND verdict = 'processing'`,
    [fields.verdict, fields.result, ...settlementValues(fields), id]
  )
}

/** What was read of a delivery, stored with its verdict (a null keeps the stored value). */
export type WebhookDeliveryFields = {
  order_reference_code?: string | null
  status_code?: string | null
  shipment_id?: string | null
  payload?: unknown
}

/** A claimed delivery settled by recordTrackingBatch: `applied` with its result if its report moved its shipment, else `unchanged`. */
export type WebhookSettlement = { id: string; shipment_id: string; applied_result: string; unchanged_result: string } & Omit<WebhookDeliveryFields, "shipment_id">

/** The columns a settlement sets; `verdict` and `result` are SQL expressions, the rest is bound by settlementValues. */
function settlementColumns(verdict: string, result: string): string {
  return `verdict = ${verdict}, result = ${result}, order_reference_code = coalesce(?, order_reference_code), status_code = coalesce(?, status_code),
         shipment_id = coalesce(?, shipment_id), payload = coalesce(CAST(? AS jsonb), payload), updated_at = now()`
}

function settlementValues(fields: WebhookDeliveryFields): unknown[] {
  return [
    fields.order_reference_code ?? null,
    fields.status_code ?? null,
    fields.shipment_id ?? null,
    fields.payload === undefined || fields.payload === null ? null : JSON.stringify(fields.payload),
  ]
}

/** Verdicts of a delivery the admin may reprocess: its stored payload was read but not applied. */
export const REPROCESSABLE_WEBHOOK_VERDICTS = ["failed", "unknown_order"] as const

/**
 * Claims the reprocessing of one stored delivery, by its id: only one whose
 * processing failed or found no shipment (or whose processor died: stuck
 * processing for longer than `staleAfterMs`), and that kept its payload,
 * moves to `processing`; a concurrent redelivery of the same body then
 * counts as a duplicate, so the payload is applied at most once.
 */
export async function claimWebhookDeliveryForReprocess(sql: SqlRunner, id: string, staleAfterMs: number): Promise<boolean> {
  const [row]: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_webhook_delivery SET verdict = 'processing', updated_at = now()
     WHERE id = ? AND deleted_at IS NULL AND payload IS NOT NULL
       AND (verdict IN (${placeholders(REPROCESSABLE_WEBHOOK_VERDICTS)})
            OR (verdict = 'processing' AND updated_at < now() - (? * interval '1 millisecond')))
     RETURNING id`,
    [id, ...REPROCESSABLE_WEBHOOK_VERDICTS, staleAfterMs]
  )
  return !!row
}

/**
 * Deliveries stuck `processing` for longer than `staleAfterMs` with nothing read of them: their body
 * was unreadable (a readable one is kept with its claim), and their processor died or failed to store
 * the refusal. There is nothing to process again, so each is settled `invalid_payload` (a redelivery
 * of the same body is then refused again, a readable one processed). Through the partial index of
 * `processing` deliveries.
 */
export async function settleUnreadableStalledWebhookDeliveries(sql: SqlRunner, staleAfterMs: number, result: string): Promise<number> {
  const rows: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_webhook_delivery SET verdict = 'invalid_payload', result = ?, updated_at = now()
     WHERE verdict = 'processing' AND deleted_at IS NULL AND payload IS NULL
       AND updated_at < now() - (? * interval '1 millisecond')
     RETURNING id`,
    [result, staleAfterMs]
  )
  return rows.length
}

/**
 * Deliveries to process again, with what was read of them, oldest try first: those whose processor
 * died (stuck `processing` for longer than `staleAfterMs`; their redeliveries were answered as
 * duplicates), and those whose processing failed, received within `failedWithinMs` (a redelivery
 * answered "being processed" meanwhile may have been the platform's last, and the spec does not say
 * that it retries). A failed one waits at least `staleAfterMs` and as long as it has been failing,
 * so that one that keeps failing is tried a handful of times in its day, not on every run. Each
 * kind is found through its own partial index.
 */
export async function listStalledWebhookDeliveryIds(sql: SqlRunner, staleAfterMs: number, failedWithinMs: number, limit: number): Promise<string[]> {
  const rows: { id: string }[] = await sql.execute(
    `SELECT id FROM (
       (SELECT id, updated_at FROM pickup_point_webhook_delivery
        WHERE verdict = 'processing' AND deleted_at IS NULL AND payload IS NOT NULL
          AND updated_at < now() - (? * interval '1 millisecond')
        ORDER BY updated_at LIMIT ?)
       UNION ALL
       (SELECT id, updated_at FROM pickup_point_webhook_delivery
        WHERE verdict = 'failed' AND deleted_at IS NULL AND payload IS NOT NULL
          AND received_at > now() - (? * interval '1 millisecond')
          AND updated_at < now() - GREATEST(? * interval '1 millisecond', updated_at - received_at)
        ORDER BY received_at LIMIT ?)
     ) AS due
     ORDER BY updated_at LIMIT ?`,
    [staleAfterMs, limit, failedWithinMs, staleAfterMs, limit, limit]
  )
  return rows.map((row) => row.id)
}

/**
 * Parcels ready for pickup at a point that asks for the verification code,
 * with no send of it on record: their ready-for-pickup event was lost with
 * its process, or its send failed (a failed send is not kept). Only those
 * recorded as ready (by the plugin's clock, not the carrier's report time,
 * which may be midnight, old or ahead) for longer than `settleMs` (the
 * event's own send goes first) and for less than `withinMs`, and not failed lately:
 * after its nth failure in a row a parcel waits `backoff.baseMs` × 2^(n-1),
 * at most `backoff.maxMs`. Found through the partial index of parcels
 * waiting at a point. In no fixed order, so that parcels whose send keeps
 * failing cannot hold the others back.
 */
export async function listShipmentIdsOwedVerificationCode(
  sql: SqlRunner,
  settleMs: number,
  withinMs: number,
  backoff: { baseMs: number; maxMs: number },
  limit: number
): Promise<string[]> {
  const rows: { id: string }[] = await sql.execute(
    `SELECT id FROM pickup_point_shipment
     WHERE ${READY_FOR_PICKUP_SHIPMENTS_SQL}
       AND ready_recorded_at < now() - (? * interval '1 millisecond')
       AND ready_recorded_at > now() - (? * interval '1 millisecond')
       AND cancel_requested_at IS NULL AND status IN (${placeholders(SHIPPED_OFF_STATUSES)})
       AND (pickup_point ->> 'requires_verification_code') = 'true'
       AND (verification_code_failed_at IS NULL
            -- Less a minute: the failure is stamped after the run's list, and the run a wait later must see it due.
            OR verification_code_failed_at < now() - ((LEAST(? * power(2, LEAST(GREATEST(verification_code_failures, 1), 20) - 1), ?) - 60000) * interval '1 millisecond'))
       AND NOT EXISTS (
         SELECT 1 FROM pickup_point_verification_code_send AS v WHERE v.shipment_id = pickup_point_shipment.id AND v.deleted_at IS NULL)
     ORDER BY random()
     LIMIT ?`,
    [settleMs, withinMs, ...SHIPPED_OFF_STATUSES, backoff.baseMs, backoff.maxMs, limit]
  )
  return rows.map((row) => row.id)
}

/** Counts a failed send of a parcel's owed verification code, for the sweep's back-off. */
export async function recordVerificationCodeFailure(sql: SqlRunner, shipmentId: string): Promise<void> {
  await sql.execute(
    `UPDATE pickup_point_shipment SET verification_code_failed_at = now(), verification_code_failures = verification_code_failures + 1 WHERE id = ?`,
    [shipmentId]
  )
}

/** The records retention prunes, each with the column its age is read from. */
export const PRUNABLE_RECORDS = {
  webhook_deliveries: { table: "pickup_point_webhook_delivery", at: "received_at" },
  tracking_events: { table: "pickup_point_tracking_event", at: "created_at" },
  service_calls: { table: "pickup_point_service_call", at: "called_at" },
  labels: { table: "pickup_point_label", at: "created_at" },
} as const

/**
 * Deletes at most `limit` rows of one kind older than `before`, the oldest
 * first, and says how many: one short statement per batch, so pruning a
 * large backlog never holds a long lock. (Table and column come from the
 * constant above, never from input.)
 */
export async function pruneRecords(sql: SqlRunner, kind: keyof typeof PRUNABLE_RECORDS, before: Date, limit: number): Promise<number> {
  const { table, at } = PRUNABLE_RECORDS[kind]
  const rows: { id: string }[] = await sql.execute(
    // `deleted_at IS NULL` lets the partial index on the age column find the batch.
    `DELETE FROM "${table}" WHERE id IN (SELECT id FROM "${table}" WHERE "${at}" < ? AND deleted_at IS NULL ORDER BY "${at}" LIMIT ?) RETURNING id`,
    [before, limit]
  )
  return rows.length
}

/**
 * Takes the customer's masked e-mail out of at most `limit` verification
 * code sends made before `before`, the oldest first, and says how many. The
 * sends themselves stay: the "first send only" check and the owed-code
 * sweep read them, and the order's timeline lists them. The partial index
 * of Migration20261125100000 finds each batch, and a send let go of leaves it.
 */
export async function scrubCodeSendEmails(sql: SqlRunner, before: Date, limit: number): Promise<number> {
  const rows: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_verification_code_send SET masked_email = ''
     WHERE id IN (SELECT id FROM pickup_point_verification_code_send
                  WHERE sent_at < ? AND deleted_at IS NULL AND masked_email <> '' ORDER BY sent_at LIMIT ?)
     RETURNING id`,
    [before, limit]
  )
  return rows.length
}

/** The customer's details in a shipment order's stored request (`build-shipment-intent.ts`). */
export const SHIPMENT_CONTACT_FIELDS = ["customer", "customerEmail", "customerPhone"] as const

/**
 * Takes the customer's name, e-mail and phone out of the stored requests of
 * at most `limit` shipments created before `before`, the oldest first, and
 * says how many: archived ones too (a change of pickup point archives the
 * old shipment with its request). Not of one whose creation is still open:
 * its request is what will be sent. The partial index (Migration20261125090000)
 * finds each batch, and a request let go of leaves it.
 */
export async function scrubShipmentContacts(sql: SqlRunner, before: Date, limit: number): Promise<number> {
  const open = placeholders(OPEN_CREATION_STATUSES)
  // The status is checked again on the row as the update finds it: a retry may have reopened it (with a
  // request rebuilt to be sent) while the batch was chosen.
  const rows: { id: string }[] = await sql.execute(
    `UPDATE pickup_point_shipment SET request = request ${SHIPMENT_CONTACT_FIELDS.map((field) => `- '${field}'`).join(" ")}
     WHERE id IN (SELECT id FROM pickup_point_shipment
                  WHERE created_at < ? AND (request -> 'customerEmail') IS NOT NULL
                    AND status NOT IN (${open})
                  ORDER BY created_at LIMIT ?)
       AND status NOT IN (${open}) AND (request -> 'customerEmail') IS NOT NULL
     RETURNING id`,
    [before, ...OPEN_CREATION_STATUSES, limit, ...OPEN_CREATION_STATUSES]
  )
  return rows.length
}

/**
 * Moves a sweep's numeric cursor forward only, and updates the ids it tries
 * again, in the same write (two processes sweeping at once each merge into
 * what the other wrote): `settled` taken out, `failed` put at the end, so
 * that a sweep taking the first ones each run comes to every one in turn.
 */
export async function advanceSweep(sql: SqlRunner, id: string, sweep: { through: number; failed: string[]; settled: string[] }): Promise<void> {
  await sql.execute(
    `UPDATE pickup_point_sync_state
     SET cursor = CASE WHEN cursor IS NULL OR CAST(cursor AS bigint) < ? THEN CAST(? AS text) ELSE cursor END,
         retry_ids = (SELECT pg_catalog.jsonb_agg(retry.id ORDER BY retry.failed_now, retry.place)
                      FROM (SELECT kept.id, false AS failed_now, kept.place
                            FROM pg_catalog.jsonb_array_elements_text(coalesce(retry_ids, '[]')) WITH ORDINALITY AS kept(id, place)
                            WHERE kept.id <> ALL (CAST(? AS text[])) AND kept.id <> ALL (CAST(? AS text[]))
                            UNION ALL
                            SELECT failed.id, true, failed.place FROM pg_catalog.unnest(CAST(? AS text[])) WITH ORDINALITY AS failed(id, place)) AS retry),
         last_run_at = now(), updated_at = now()
     WHERE id = ?`,
    [sweep.through, sweep.through, textArray(sweep.settled), textArray(sweep.failed), textArray(sweep.failed), id]
  )
}
