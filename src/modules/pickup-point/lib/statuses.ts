/**
 * THE ONE STATUS VOCABULARY. Every rule about what a shipment's status
 * allows lives here, with no imports, so that the SQL, the workflows, the
 * routes, the events and the admin widgets all read the same rules.
 *
 * A shipment's `status` is where its shipment order stands on the service
 * (creation, label, cancel); its `tracking_stage` is how far the parcel has
 * gone, and only ever grows.
 */

export const SHIPMENT_STATUSES = [
  "pending",
  "creating",
  "unknown",
  "awaiting_import",
  "ready",
  "label_generated",
  "confirmed",
  "cancelled",
  "failed",
] as const

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** The fields of a shipment the rules read. */
export type ShipmentFacts = {
  status: ShipmentStatus | string
  order_number: string
  order_reference_code?: string | null
  last_error?: string | null
  tracking_stage?: number | null
  tracking_status_description?: string | null
}

/** States the background job keeps working on: the shipment order is not known to be on the service yet, or not imported. */
export const OPEN_CREATION_STATUSES: readonly ShipmentStatus[] = ["pending", "creating", "unknown", "awaiting_import"]

/** States in which a create call may have reached the service without the plugin knowing its answer. */
export const UNCERTAIN_CREATION_STATUSES: readonly ShipmentStatus[] = ["creating", "unknown"]

/** States from which a shipment order can still be cancelled. */
export const CANCELLABLE_STATUSES: readonly ShipmentStatus[] = [...OPEN_CREATION_STATUSES, "ready", "failed"]

/** States in which the service holds a parcel to follow: the label is made, or the shipment confirmed. */
export const SHIPPED_OFF_STATUSES: readonly ShipmentStatus[] = ["label_generated", "confirmed"]

/**
 * How far a parcel has gone, as Medusa cares: stages only ever move forward.
 * The last three are final: nothing moves a shipment once it reaches one.
 */
export const TRACKING_STAGES = {
  registered: 10,
  label: 20,
  shipped: 30,
  at_pickup_point: 40,
  ready_for_pickup: 50,
  delivered: 60,
  cancelled: 60,
  returned: 60,
} as const

export type TrackingStage = keyof typeof TRACKING_STAGES

export const FINAL_STAGE_RANK = 60

/** Stages at which the parcel has left the warehouse: Medusa's fulfillment is then shipped. */
export const LEFT_WAREHOUSE_STAGES: ReadonlySet<TrackingStage> = new Set([
  "shipped",
  "at_pickup_point",
  "ready_for_pickup",
  "delivered",
  "returned",
])

const has = (list: readonly string[], status: string) => list.includes(status)

/**
 * Whether the carrier has the parcel already (shipped, or any later stage):
 * the bulk print leaves its label out, lest a second parcel go out with it.
 * The order's page still prints it, for an admin who needs it again.
 */
export function isWithCarrier(shipment: { tracking_stage?: number | null }): boolean {
  return (shipment.tracking_stage ?? 0) >= TRACKING_STAGES.shipped
}

export function isCreationOpen(status: string): boolean {
  return has(OPEN_CREATION_STATUSES, status)
}

/** Whether the service may not have the shipment order yet: never created, or its creation's outcome unknown. */
export function isBeforeCreation(status: string): boolean {
  return status === "pending" || isCreationUncertain(status)
}

export function isCreationUncertain(status: string): boolean {
  return has(UNCERTAIN_CREATION_STATUSES, status)
}

export function isCancellable(status: string): boolean {
  return has(CANCELLABLE_STATUSES, status)
}

/** A cancel recorded for the retry job (the order is cancelled) and not carried out yet. */
export function isCancelUnderway(shipment: { status: string; cancel_requested_at?: unknown }): boolean {
  return !!shipment.cancel_requested_at && shipment.status !== "cancelled"
}

export function isRetryable(status: string): boolean {
  return status === "failed"
}

/** Whether the tracking sync follows the shipment: the service holds its parcel and it has not reached a final stage. */
export function isFollowedByTracking(shipment: Pick<ShipmentFacts, "status" | "tracking_stage">): boolean {
  return has(SHIPPED_OFF_STATUSES, shipment.status) && (shipment.tracking_stage ?? 0) < FINAL_STAGE_RANK
}

/** Why a shipment order cannot be cancelled, in words an admin can act on; null when it can. */
export function cancelRefusal(shipment: ShipmentFacts): string | null {
  switch (shipment.status) {
    case "label_generated":
      return `Shipment order ${shipment.order_number} cannot be cancelled: its label has been generated.`
    case "confirmed":
      return `Shipment order ${shipment.order_number} cannot be cancelled: its shipment has been confirmed.`
    default:
      return null
  }
}

/** Why a shipment cannot be sent to another pickup point, as a key (the admin's translations use the same keys). */
export type ChangePointRefusalReason =
  | "orderCanceled"
  | "label_generated"
  | "confirmed"
  | "cancelled"
  | "notImported"
  | "cancelRequested"
  | "labelRequested"
  | "closed"

type ChangePointFacts = ShipmentFacts & { cancel_requested_at?: unknown; label_requested_at?: unknown; label_file_id?: string | null }

/**
 * How long after it was asked for a label counts as being made. The label call and its look-up
 * after a lost answer take two minutes at most with the default timeouts; `label_requested_at`
 * itself stays until a label is recorded (a cancel then asks the carrier whether one was made
 * unseen), so a refused or crashed request must not block a change for good.
 */
export const LABEL_REQUEST_UNDERWAY_MS = 5 * 60_000

/** Whether the shipment's label was asked for so recently that it may still be being made. */
export function isLabelRequestUnderway(shipment: { label_requested_at?: unknown }, now = Date.now()): boolean {
  if (!shipment.label_requested_at) return false
  return now - new Date(shipment.label_requested_at as string | Date).getTime() < LABEL_REQUEST_UNDERWAY_MS
}

/**
 * Why a shipment cannot be sent to another pickup point; null when it can.
 * Only before the label, and only once the service's answer to the create
 * is known and imported (a create in flight may still land as a second
 * live order under the old number). A cancelled shipment of an order that
 * is not cancelled can be: a change stopped after the old shipment order
 * was cancelled is finished that way.
 */
export function changePointRefusalReason(
  shipment: ChangePointFacts,
  order?: { status?: string | null } | null,
  now = Date.now()
): ChangePointRefusalReason | null {
  if (order?.status === "canceled") return "orderCanceled"
  switch (shipment.status) {
    case "label_generated":
    case "confirmed":
      // Collected, returned or cancelled by the carrier: there is no parcel left to redirect.
      return (shipment.tracking_stage ?? 0) >= FINAL_STAGE_RANK ? "closed" : shipment.status
    case "cancelled":
      return shipment.label_file_id ? "cancelled" : null
    case "creating":
    case "unknown":
    case "awaiting_import":
      return "notImported"
  }
  if (shipment.cancel_requested_at) return "cancelRequested"
  if (isLabelRequestUnderway(shipment, now)) return "labelRequested"
  return null
}

/** Why a shipment cannot be sent to another pickup point, in words an admin can act on; null when it can. */
export function changePointRefusal(shipment: ChangePointFacts, order?: { status?: string | null } | null): string | null {
  const cannot = `The pickup point of ${shipment.order_number} cannot be changed`
  switch (changePointRefusalReason(shipment, order)) {
    case null:
      return null
    case "orderCanceled":
      return `${cannot}: the order is cancelled.`
    case "label_generated":
      return `${cannot}: its label has been generated. Ask the carrier to redirect the parcel instead.`
    case "confirmed":
      return `${cannot}: its shipment has been confirmed. Ask the carrier to redirect the parcel instead.`
    case "cancelled":
      return `${cannot}: its shipment order is cancelled.`
    case "notImported":
      return `${cannot} now: the carrier has not imported its shipment order yet (${shipment.status}). Wait until the carrier has imported the order, then try again.`
    case "cancelRequested":
      return `${cannot}: a cancel of its shipment order is under way.`
    case "labelRequested":
      return `${cannot} now: its label was asked for moments ago and may be being made. Wait for it, or try again in a few minutes.`
    case "closed":
      return `${cannot}: its parcel was collected, returned or cancelled by the carrier.`
  }
}

/** Why a shipment cannot get its label (or confirmation) now, in words an admin can act on; null when it can. */
export function labelRefusal(shipment: ShipmentFacts & { label_file_id?: string | null }): string | null {
  switch (shipment.status) {
    case "ready":
      return null
    case "label_generated":
    case "confirmed":
      // Another fulfillment takes the label over only while the parcel is on its way: not once collected,
      // returned, or cancelled by the carrier (the carrier would refuse, or hand out a void label).
      if ((shipment.tracking_stage ?? 0) >= FINAL_STAGE_RANK) {
        return (
          `The carrier reports the shipment order of ${shipment.order_number} as ${shipment.tracking_status_description ?? "closed"}: ` +
          "no new label can be made for it. Fulfil the items with another shipping option."
        )
      }
      return null
    case "failed":
      return `The shipment order of ${shipment.order_number} failed: ${shipment.last_error}. Fix it and retry the shipment first.`
    case "cancelled":
      // A cancelled shipment order gets no label; before its label, "Ship again" (a change of point) makes a new one.
      return shipment.label_file_id
        ? `The shipment order of ${shipment.order_number} is cancelled: fulfil the items with another shipping option.`
        : `The shipment order of ${shipment.order_number} is cancelled: "Ship again" on the order's page creates a new one (to the same pickup point or another), or fulfil the items with another shipping option.`
    case "awaiting_import":
      return `The carrier has not finished importing order ${shipment.order_number} yet. Try again in a minute.`
    default:
      return `The shipment order of ${shipment.order_number} is not on the carrier's system yet (${shipment.status}); it is retried automatically. Try again in a minute.`
  }
}

/**
 * Why a fulfillment cannot take the label of a shipment another, live
 * fulfillment holds: the carrier's shipment order is one parcel, built
 * from all the order's items at checkout, whose label (or confirmation)
 * cannot be cancelled.
 */
export function heldShipmentRefusal(shipment: ShipmentFacts & { fulfillment_id?: string | null }): string {
  return (
    `The shipment order of ${shipment.order_number} already belongs to fulfillment ${shipment.fulfillment_id}, ` +
    `whose ${shipment.status === "confirmed" ? "confirmed shipment" : "label"} the carrier does not let cancel: ` +
    `the order ships to its pickup point as one parcel, which holds all its items. Put these items in that parcel ` +
    `before it is handed over, and record their fulfillment with another shipping option (no second label is made).`
  )
}

export function canRequestLabel(shipment: ShipmentFacts): boolean {
  return labelRefusal(shipment) === null
}

/**
 * Why the pickup verification code cannot be sent now; null when it can.
 * Only once the parcel has its label (or confirmation): before, the point
 * can still change (a new shipment order, whose code is another) or the
 * order be cancelled, and the shopper would hold a code for nothing.
 */
export function verificationCodeRefusal(shipment: ShipmentFacts & { id?: string; cancel_requested_at?: unknown }): string | null {
  const name = shipment.id ? `Shipment ${shipment.id}` : `The shipment of ${shipment.order_number}`
  if (isCancelUnderway(shipment)) {
    return `${name} is being cancelled with its order: there is no parcel to hand over.`
  }
  if (shipment.status === "cancelled") {
    return `${name} is cancelled: there is no parcel to hand over.`
  }
  if (!shipment.order_reference_code || !has(SHIPPED_OFF_STATUSES, shipment.status)) {
    return `${name} is ${shipment.status}: there is no parcel to hand over yet. The code can be sent once the parcel has its label (or confirmation).`
  }
  if ((shipment.tracking_stage ?? 0) >= TRACKING_STAGES.delivered) {
    return `${name} is ${shipment.tracking_status_description ?? "closed"}: no code is needed any more.`
  }
  return null
}

/**
 * Why a tracking status cannot be reported to the service for the shipment;
 * null when it can. A report follows the lifecycle: only for a parcel that
 * has its label (or confirmation), never after a final stage, and, given the
 * reported status's stage, only forward.
 */
export function trackingReportRefusal(shipment: ShipmentFacts & { id?: string }, stage?: TrackingStage | null): string | null {
  const name = shipment.id ? `Shipment ${shipment.id}` : `The shipment of ${shipment.order_number}`
  if (!shipment.order_reference_code || shipment.status === "cancelled" || shipment.status === "failed") {
    return `${name} is ${shipment.status}: its tracking cannot be updated.`
  }
  if (!has(SHIPPED_OFF_STATUSES, shipment.status)) {
    return `${name} has no label yet (${shipment.status}): its parcel can be reported on only after "Fulfill items".`
  }
  const current = shipment.tracking_stage ?? 0
  if (current >= FINAL_STAGE_RANK) {
    return `${name} is ${shipment.tracking_status_description ?? "closed"} already: nothing further can be reported.`
  }
  if (stage && TRACKING_STAGES[stage] <= current) {
    return `${name} is further along (${shipment.tracking_status_description ?? "a later stage"}) than ${stage.replace(/_/g, " ")}: a report cannot move it back.`
  }
  return null
}

/**
 * Whether a reported stage may move the shipment's stage: any stage up to
 * "label" always, a later one only once the parcel has its label (or
 * confirmation). The same rule as the tracking ledger's SQL.
 */
export const STAGE_RANK_BEFORE_LABEL = TRACKING_STAGES.label
