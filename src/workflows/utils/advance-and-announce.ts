import type { MedusaContainer } from "@medusajs/framework/types"
import type { PickupPointShipmentDTO } from "../../modules/pickup-point/types"
import { creationEvents, emitShipmentEvents } from "./shipment-events"
import type { ShipmentsToClaim } from "./shipment-lease"
import { advanceShipments, shipmentWork, type ShipmentWork } from "./shipment-work"

/** Where one shipment of a batch stands after it: as it is now, or the error that stopped it. */
export type AdvanceOutcome = { shipment: PickupPointShipmentDTO } | { error: unknown }

/**
 * Moves a shipment on as far as the service allows now and announces a
 * change of its creation state; null when another process holds it.
 */
export async function advanceAndAnnounce(container: MedusaContainer, shipmentId: string, work: ShipmentWork = shipmentWork(container)) {
  const outcome = (await advanceAndAnnounceMany(container, [shipmentId], work)).get(shipmentId)
  if (outcome && "error" in outcome) throw outcome.error
  return outcome?.shipment ?? null
}

/**
 * The same for a batch (see advanceShipments), with one announcement for
 * them all: each shipment as it is now, or the error that stopped it.
 * Shipments another process holds are left out.
 */
export async function advanceAndAnnounceMany(
  container: MedusaContainer,
  target: ShipmentsToClaim,
  work: ShipmentWork = shipmentWork(container),
  options: { concurrency?: number } = {}
): Promise<Map<string, AdvanceOutcome>> {
  const advanced = await advanceShipments(work, target, options)
  const outcomes = new Map<string, AdvanceOutcome>()
  const events = []
  for (const [id, result] of advanced) {
    if ("error" in result) {
      outcomes.set(id, result)
      continue
    }
    outcomes.set(id, { shipment: result.shipment })
    events.push(...creationEvents(result.previous_status, result.shipment))
  }
  await emitShipmentEvents(container, events)
  return outcomes
}
