import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { creationEvents, emitShipmentEvents } from "../utils/shipment-events"

export const recordShipmentIntentStepId = "pickup-point-record-shipment-intent"

/**
 * Records the intent before any call to the service, once per order. No
 * compensation: the record is what lets the retry job finish the work if a
 * later step fails.
 */
export const recordShipmentIntentStep = createStep(
  recordShipmentIntentStepId,
  async (intent: ShipmentIntent | null, { container }) => {
    if (!intent) {
      return new StepResponse(null)
    }
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const { shipment, created } = await pickupPoints.recordShipmentIntent(intent)
    // A shipment recorded as failed at once (data missing from the order) is announced.
    if (created) await emitShipmentEvents(container, creationEvents("pending", shipment))
    return new StepResponse(shipment)
  }
)
