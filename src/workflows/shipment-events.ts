/**
 * Events the plugin emits, for notification providers and other plugins.
 * Payloads carry ids and statuses only, never personal data.
 */
export const PickupPointShipmentEvents = {
  CREATED: "pickup_point.shipment.created",
  LABEL_GENERATED: "pickup_point.shipment.label_generated",
  STATUS_CHANGED: "pickup_point.shipment.status_changed",
  READY_FOR_PICKUP: "pickup_point.shipment.ready_for_pickup",
  DELIVERED: "pickup_point.shipment.delivered",
  FAILED: "pickup_point.shipment.failed",
} as const

export type ShipmentEventData = {
  id: string
  order_id: string
  status: string
  tracking_status_code?: string | null
}
