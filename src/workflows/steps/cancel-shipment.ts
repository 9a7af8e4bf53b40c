import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const cancelShipmentStep = createStep(
  "cancel-pickup-point-shipment",
  async (input: { order_id: string; notes?: string; defer_when_unavailable?: boolean }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    return new StepResponse(
      await pickupPoints.cancelShipment(input.order_id, input.notes, { deferWhenUnavailable: input.defer_when_unavailable })
    )
  }
)
