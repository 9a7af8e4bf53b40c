import { model } from "@medusajs/framework/utils"
import { PickupPointShipment } from "./pickup-point-shipment"

/** One entry of a shipment's append-only history: a state change, with why (and who, when an admin made it). */
export const PickupPointShipmentEvent = model.define("pickup_point_shipment_event", {
  id: model.id({ prefix: "pushev" }).primaryKey(),
  status: model.text(),
  message: model.text().nullable(),
  /** The admin user who made the change, when a person made it (a change of pickup point, say). */
  actor_id: model.text().nullable(),
  occurred_at: model.dateTime(),
  shipment: model.belongsTo(() => PickupPointShipment, { mappedBy: "events" }),
})
