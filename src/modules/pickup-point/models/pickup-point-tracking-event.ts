import { model } from "@medusajs/framework/utils"
import { PickupPointShipment } from "./pickup-point-shipment"

/**
 * One status the service reported for a shipment, from the sync job, the
 * platform's webhook or an admin. Append-only; the same status reported
 * twice (by both sources, or replayed) is kept once.
 */
export const PickupPointTrackingEvent = model
  .define("pickup_point_tracking_event", {
    id: model.id({ prefix: "putrk" }).primaryKey(),
    status_code: model.text(),
    status_description: model.text().nullable(),
    external_status_code: model.text().nullable(),
    external_status_description: model.text().nullable(),
    occurred_at: model.dateTime(),
    source: model.enum(["sync", "webhook", "admin"]),
    dedupe_key: model.text(),
    shipment: model.belongsTo(() => PickupPointShipment, { mappedBy: "tracking_events" }),
  })
  .indexes([
    { on: ["shipment_id", "dedupe_key"], unique: true, where: "deleted_at IS NULL" },
    // The retention job's batches, oldest first (atomic-operations.ts, pruneRecords).
    { on: ["created_at"], where: "deleted_at IS NULL" },
  ])
