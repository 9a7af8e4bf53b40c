import type { InferTypeOf } from "@medusajs/framework/types"
import type { CreateShipmentOrderInput } from "../../lib/shipment-orders"
import type { PickupPoint } from "./models/pickup-point"
import type { PickupPointShipment } from "./models/pickup-point-shipment"
import type { ImportRowProblem } from "./lib/import-row-problems"
import type { ShipmentStatus, TrackingStage } from "./lib/statuses"

export type { ShipmentStatus, TrackingStage } from "./lib/statuses"

export type PickupPointDTO = InferTypeOf<typeof PickupPoint>
export type PickupPointShipmentDTO = InferTypeOf<typeof PickupPointShipment>

export type PickupPointSearchResult = Omit<PickupPointDTO, "is_active" | "created_at" | "updated_at" | "deleted_at"> & {
  distance_km: number | null
}

/** What became of one CSV row; `line` is the row's line in the file (the header is line 1). */
export type ImportRowResult =
  | { line: number; code: string; result: "created" | "updated" }
  | { line: number; code: string | null; result: "rejected"; reason: string; problems: ImportRowProblem[] }

/** What the service's create needs for one order, built before any call. */
export type ShipmentIntent = {
  order_id: string
  order_number: string
  pickup_point_code: string
  pickup_point: Record<string, unknown> | null
  request: CreateShipmentOrderInput | null
  /** Set when the order lacks data the service needs: the shipment is recorded as failed with it. */
  problem?: string
  /**
   * Recorded by the order sweep, long after the order was placed: the
   * service is asked for the order before it is ever created (recorded as
   * `unknown`), so that even a record lost after its create makes no second one.
   */
  recovered?: boolean
}

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
  carrier_cancel_told_at: Date | null
}

/** A state of the Medusa fulfillment the plugin tells it once per shipment (see claimFulfillmentState). */
export type FulfillmentState = "shipped" | "delivered" | "carrier_cancelled"

/** A held claim on a shipment: only its owner may write the shipment's state or give the claim back. */
/** What a batch's steps pass on of a shipment (the workflow engine copies every step's input). */
export type ShipmentRef = Pick<PickupPointShipmentDTO, "id" | "order_id" | "status">

export type ShipmentClaim = { owner: string; shipment: PickupPointShipmentDTO }

/** Fields a state change may set besides the status (bookkeeping of progress is reset by the change itself). */
export type ShipmentChanges = Partial<
  Pick<
    PickupPointShipmentDTO,
    | "order_reference_code"
    | "pickup_point_public_code"
    | "tracking_number"
    | "label_file_id"
    | "label_url"
    | "fulfillment_id"
    | "label_requested_at"
    | "shipped_off_at"
    | "create_attempts"
    | "cancel_requested_at"
    | "last_error"
    | "retry_count"
    | "shipped_at"
    | "delivered_at"
    | "telling_medusa_until"
    | "telling_medusa_by"
  >
> & { request?: Record<string, unknown> | null }

/**
 * A compare-and-set state change: it lands only if the shipment is still in
 * `from` and, with `owner`, only while that claim still holds it.
 */
export type ShipmentTransition = {
  id: string
  from: ShipmentStatus | readonly ShipmentStatus[]
  to: ShipmentStatus
  owner?: string
  changes?: ShipmentChanges
  /** The history entry written with the change, by the same statement. */
  message: string | null
}

/** A try that made no progress: the status is kept (or moved to `to`) and the next try is spaced out. */
export type ShipmentPostponement = {
  id: string
  from: ShipmentStatus
  to: ShipmentStatus
  owner: string
  error: string
  /** The tries before say nothing of this one (the service refused the credentials then): it counts as the first. */
  restart?: boolean
}

/** Outcome of asking to send the verification code: reserved (and recorded), or refused with when to try again. */
export type VerificationCodeReservation =
  | { reserved: true; send_id: string; masked_email: string; sent_at: Date; next_allowed_at: Date; left_today: number }
  | { reserved: false; message: string; retry_after_seconds: number }
