import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { isFollowedByTracking } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readShipmentStatus } from "../utils/refresh-shipment-status"
import { toMedusaError } from "../utils/to-medusa-error"

export const checkShipmentTrackingStepId = "pickup-point-check-shipment-tracking"

/**
 * Asks the service for one followed shipment's status now, rather than at
 * the tracking sync's next run, and applies it on the sync's path; the
 * shipment counts as synced. An admin's request: asked even while the sync's
 * circuit is open, and past the sync's `maxAgeDays`.
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
  let read: Awaited<ReturnType<typeof readShipmentStatus>>
  try {
    read = await readShipmentStatus(container, { id: shipment.id, order_reference_code: shipment.order_reference_code })
  } catch (error) {
    // The call's faults are the carrier's (or its absence); Medusa's own refusal of a move is said as it is.
    throw toMedusaError(error, "The carrier did not answer about the shipment's status")
  }
  if (read.refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The carrier did not report shipment order ${shipment.order_reference_code}: ${read.refusal}`)
  }
  // Synced now: the admin sees when the carrier was last heard from, and the sync asks about the others first.
  await pickupPoints.markShipmentSynced(shipment.id)
  return new StepResponse(read)
})
