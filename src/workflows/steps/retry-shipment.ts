import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/service"

export const retryShipmentStep = createStep(
  "retry-pickup-point-shipment",
  async (input: { shipment_id: string; intent: ShipmentIntent | null }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retryShipment(input.shipment_id, input.intent)
    return new StepResponse(shipment.id)
  }
)
