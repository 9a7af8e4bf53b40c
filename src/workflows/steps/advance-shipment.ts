import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { creationEvents, emitShipmentEvents } from "../shipment-events"

/**
 * Moves a shipment on as far as the service allows now and announces a
 * change of its creation state; null when another process holds it.
 */
export async function advanceAndAnnounce(container: MedusaContainer, shipmentId: string) {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const advanced = await pickupPoints.advanceShipment(shipmentId)
  if (!advanced) {
    return null
  }
  await emitShipmentEvents(container, creationEvents(advanced.previous_status, advanced.shipment))
  return advanced.shipment
}

/** Moves a shipment on as far as the service allows now; a busy or settled one is left as it is. */
export const advanceShipmentStep = createStep(
  "advance-shipment",
  async (input: { shipment_id: string | null }, { container }) =>
    new StepResponse(input.shipment_id ? await advanceAndAnnounce(container, input.shipment_id) : null)
)
