import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { PickupPointShipmentDTO, TrackingTransition } from "../../modules/pickup-point/types"
import { isBeforeCreation } from "../../modules/pickup-point/lib/statuses"
import { safeErrorMessage } from "./to-medusa-error"

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

type ShipmentEvent = { name: string; data: ShipmentEventData }

/** What a change of a shipment's creation state announces: created (on the service now) or failed. */
export function creationEvents(before: string | undefined, shipment: PickupPointShipmentDTO | null): ShipmentEvent[] {
  if (!shipment || before === shipment.status) return []
  const data = { id: shipment.id, order_id: shipment.order_id, status: shipment.status }
  if ((before === undefined || isBeforeCreation(before)) && ["awaiting_import", "ready"].includes(shipment.status)) {
    return [{ name: PickupPointShipmentEvents.CREATED, data }]
  }
  return shipment.status === "failed" ? [{ name: PickupPointShipmentEvents.FAILED, data }] : []
}

/**
 * Emits shipment events on Medusa's event bus, after the state they announce
 * is stored. An event bus that fails (Redis away a moment) is logged, not
 * thrown: the work is done, and a throw would undo what cannot be undone
 * (a fulfillment whose label the carrier made cannot be cancelled).
 */
export async function emitShipmentEvents(container: MedusaContainer, events: ShipmentEvent[]): Promise<void> {
  if (!events.length) return
  try {
    await container.resolve(Modules.EVENT_BUS).emit(events)
  } catch (error) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`[pickup-point] could not announce ${events.map((e) => `${e.name} (${e.data.id})`).join(", ")}: ${safeErrorMessage(error)}`)
  }
}

/** What tracking transitions announce: every move, and reaching the pickup point's shelf or the customer. */
export function trackingEvents(transitions: TrackingTransition[]): ShipmentEvent[] {
  return transitions.flatMap((t) => {
    const data = { id: t.shipment_id, order_id: t.order_id, status: t.stage, tracking_status_code: t.status_code }
    return [
      { name: PickupPointShipmentEvents.STATUS_CHANGED, data },
      ...(t.stage === "ready_for_pickup" ? [{ name: PickupPointShipmentEvents.READY_FOR_PICKUP, data }] : []),
      ...(t.stage === "delivered" ? [{ name: PickupPointShipmentEvents.DELIVERED, data }] : []),
    ]
  })
}
