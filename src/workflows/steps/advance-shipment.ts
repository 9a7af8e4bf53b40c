import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { creationEvents, emitShipmentEvents } from "../shipment-events"

/** Moves a shipment on as far as the service allows now; a busy or settled one is left as it is. */
export const advanceShipmentStep = createStep(
  "advance-shipment",
  async (input: { shipment_id: string | null }, { container }) => {
    if (!input.shipment_id) {
      return new StepResponse(null)
    }
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const before = (await pickupPoints.retrievePickupPointShipment(input.shipment_id)).status
    const shipment = await pickupPoints.advanceShipment(input.shipment_id)
    await emitShipmentEvents(container, creationEvents(before, shipment))
    return new StepResponse(shipment)
  }
)
