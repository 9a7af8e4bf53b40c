import type { MedusaContainer } from "@medusajs/framework/types"
import { creationEvents, emitShipmentEvents } from "./shipment-events"
import { advanceShipment, shipmentWork, type ShipmentWork } from "./shipment-work"

/**
 * Moves a shipment on as far as the service allows now and announces a
 * change of its creation state; null when another process holds it.
 */
export async function advanceAndAnnounce(container: MedusaContainer, shipmentId: string, work: ShipmentWork = shipmentWork(container)) {
  const advanced = await advanceShipment(work, shipmentId)
  if (!advanced) {
    return null
  }
  await emitShipmentEvents(container, creationEvents(advanced.previous_status, advanced.shipment))
  return advanced.shipment
}
