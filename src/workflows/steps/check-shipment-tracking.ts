import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { isFollowedByTracking } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readShipmentStatus } from "../utils/refresh-shipment-status"
import { toMedusaError } from "../utils/to-medusa-error"

export const checkShipmentTrackingStepId = "pickup-point-check-shipment-tracking"

/**
 * Asks the service for one followed shipment's status now, as the tracking
 * sync would at its next run, and applies it; the shipment counts as synced.
 * Refused for a shipment the sync does not follow (no label yet, or a final
 * stage). No compensation: what the carrier reported stays recorded.
 */
export const checkShipmentTrackingStep = createStep(checkShipmentTrackingStepId, async (input: { shipment_id: string }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
  if (!shipment.order_reference_code || !isFollowedByTracking(shipment)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Shipment ${shipment.order_number} is not followed by tracking: the carrier is asked from the label on, until the parcel is picked up, cancelled or returned.`
    )
  }
  try {
    const read = await readShipmentStatus(container, { id: shipment.id, order_reference_code: shipment.order_reference_code })
    // Synced now: the admin sees when the carrier was last heard from, and the sync asks about the others first.
    await pickupPoints.updatePickupPointShipments({ id: shipment.id, last_synced_at: new Date() })
    return new StepResponse(read)
  } catch (error) {
    throw toMedusaError(error, "The carrier did not answer about the shipment's status")
  }
})
