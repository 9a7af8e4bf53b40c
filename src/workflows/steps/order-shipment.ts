import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const orderShipmentStepId = "pickup-point-order-shipment"

/**
 * The order's shipment as it is now, for the one-order creation: null when
 * the plugin does not ship the order; an error when its shipment could not
 * be built or recorded (the cause is logged). No compensation: it only reads.
 */
export const orderShipmentStep = createStep(orderShipmentStepId, async (input: { order_id: string; failed_order_ids: string[] }, { container }) => {
  if (input.failed_order_ids.includes(input.order_id)) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The shipment of order ${input.order_id} could not be recorded (the cause is logged); the order sweep tries it again.`
    )
  }
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: input.order_id }, { take: 1 })
  return new StepResponse(shipment ?? null)
})
