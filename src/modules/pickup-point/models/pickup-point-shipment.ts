import { model } from "@medusajs/framework/utils"
import { PickupPointShipmentEvent } from "./pickup-point-shipment-event"
import { PickupPointTrackingEvent } from "./pickup-point-tracking-event"
import { FINAL_STAGE_RANK, SHIPMENT_STATUSES, SHIPPED_OFF_STATUSES, TRACKING_STAGES } from "../lib/statuses"

/** Live shipments whose order is on its way: the year's count (see its index below) reads these. */
const SHIPPED_OFF_SHIPMENTS_SQL = `deleted_at IS NULL AND status IN (${SHIPPED_OFF_STATUSES.map((s) => `'${s}'`).join(", ")})`

/** Shipments the tracking sync follows; the partial index below and the sync's SQL share this predicate. */
export const FOLLOWED_SHIPMENTS_SQL = `${SHIPPED_OFF_SHIPMENTS_SQL} AND tracking_stage < ${FINAL_STAGE_RANK}`
/** Parcels waiting at their pickup point (whose verification code the sweep of owed codes looks for). */
export const READY_FOR_PICKUP_SHIPMENTS_SQL = `deleted_at IS NULL AND tracking_stage = ${TRACKING_STAGES.ready_for_pickup}`

/**
 * The plugin's record of one order's shipment order on the service. It is
 * written before the service is called (the intent), and carries what the
 * exactly-once creation needs to recover from an unknown outcome.
 */
export const PickupPointShipment = model
  .define("pickup_point_shipment", {
    id: model.id({ prefix: "pushp" }).primaryKey(),
    order_id: model.text(),
    /** The service's `orderNumber`: the store's prefix and the order's display id. */
    order_number: model.text(),
    status: model.enum([...SHIPMENT_STATUSES]).default("pending"),
    pickup_point_code: model.text(),
    /** The catalog entry as it was when the order was placed. */
    pickup_point: model.json().nullable(),
    merchant_type: model.enum(["DELIVERY", "STORAGE"]),
    /** The create request as last built from the order (contains the customer's contact). */
    request: model.json().nullable(),
    order_reference_code: model.text().nullable(),
    pickup_point_public_code: model.text().nullable(),
    tracking_number: model.text().nullable(),
    label_file_id: model.text().nullable(),
    label_url: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** When a label (or confirmation) was last asked for: until it is recorded, the service may have made one the plugin never heard of. */
    label_requested_at: model.dateTime().nullable(),
    /** When the label (or confirmation) was recorded: the tracking sync follows the shipment for `maxAgeDays` from then. */
    shipped_off_at: model.dateTime().nullable(),
    /** Calls of `create` made so far; more than one only after a recovered unknown outcome. */
    create_attempts: model.number().default(0),
    /** Tries in a row that made no progress; spaces out the next one. */
    retry_count: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    /** The last status the service reported, its description, and when it happened. */
    tracking_status_code: model.text().nullable(),
    tracking_status_description: model.text().nullable(),
    tracking_updated_at: model.dateTime().nullable(),
    /** How far the parcel has gone (see tracking-stages.ts); it only ever grows. */
    tracking_stage: model.number().default(0),
    /** When the plugin recorded the parcel as ready for pickup, by its own clock: the owed-code sweep's retries count from it. */
    ready_recorded_at: model.dateTime().nullable(),
    /** When the carrier last failed to send the verification code owed to the parcel, and how many times: the sweep backs off. */
    verification_code_failed_at: model.dateTime().nullable(),
    verification_code_failures: model.number().default(0),
    /** When the tracking sync last asked the service about this shipment. */
    last_synced_at: model.dateTime().nullable(),
    /** When the Medusa fulfillment was marked shipped and delivered by the plugin. */
    shipped_at: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    /** When the Medusa fulfillment was told the carrier cancelled the shipment order after its label, so that it can be cancelled. */
    carrier_cancel_told_at: model.dateTime().nullable(),
    /** Held by the process telling Medusa one of the three above, which it sets once Medusa took it; a process that dies meanwhile lets it lapse. */
    telling_medusa_until: model.dateTime().nullable(),
    /** The token of that claim: only its holder keeps the state as told or gives the claim back. */
    telling_medusa_by: model.text().nullable(),
    /** Set when the order was cancelled but the service could not be told yet; the job tells it. */
    cancel_requested_at: model.dateTime().nullable(),
    /** Held by the process working on this shipment, so that no two work on it at once. */
    lease_until: model.dateTime().nullable(),
    /** The token of the claim that holds the lease: only its owner may write the state or release it. */
    lease_owner: model.text().nullable(),
    /** Why the shipment needs a person: the service's refusal, or a problem with the order's data. */
    last_error: model.text().nullable(),
    events: model.hasMany(() => PickupPointShipmentEvent, { mappedBy: "shipment" }),
    tracking_events: model.hasMany(() => PickupPointTrackingEvent, { mappedBy: "shipment" }),
  })
  .indexes([
    { on: ["order_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["order_number"], unique: true, where: "deleted_at IS NULL" },
    { on: ["status", "next_attempt_at"], where: "deleted_at IS NULL" },
    // The webhook's lookup of a delivery's shipment.
    { on: ["order_reference_code"], where: "deleted_at IS NULL" },
    // The tracking sync's claim: followed shipments, stalest first.
    {
      on: ["last_synced_at", "id"],
      where: FOLLOWED_SHIPMENTS_SQL,
    },
    // The year's count of shipped-off shipment orders that every create sends.
    {
      name: "IDX_pickup_point_shipment_shipped_off_created_at",
      on: ["created_at"],
      where: SHIPPED_OFF_SHIPMENTS_SQL,
    },
    // The moves Medusa may not have been told of yet, looked for at the start of every tracking sync:
    // one part per move, so that shipments in transit, told they shipped, are not walked for it.
    {
      name: "IDX_pickup_point_shipment_unshipped_status",
      on: ["tracking_status_code"],
      where: "deleted_at IS NULL AND fulfillment_id IS NOT NULL AND shipped_at IS NULL",
    },
    {
      name: "IDX_pickup_point_shipment_undelivered_status",
      on: ["tracking_status_code"],
      where: "deleted_at IS NULL AND fulfillment_id IS NOT NULL AND delivered_at IS NULL",
    },
    // The sweep of verification codes owed to parcels ready for pickup: only the parcels waiting now.
    {
      name: "IDX_pickup_point_shipment_ready_for_pickup",
      on: ["ready_recorded_at"],
      where: READY_FOR_PICKUP_SHIPMENTS_SQL,
    },
  ])
