import type { MedusaContainer } from "@medusajs/framework/types"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingTransition, TrackingUpdate } from "../../modules/pickup-point/types"
import { applyFulfillmentStates } from "./apply-fulfillment-states"
import { emitShipmentEvents, trackingEvents } from "./shipment-events"

/**
 * The one path every tracking report takes, whether the sync job read it,
 * the platform's webhook brought it or an admin entered it: recorded once and
 * forward only (the module's compare-and-set), then told to Medusa and
 * announced by events. A plain function, so that the sync can run it per
 * batch without a workflow run each time; the sync passes its batch's
 * `release` and the webhook its delivery to `settle`, recorded in the same
 * statement.
 */
export async function applyTrackingUpdates(
  container: MedusaContainer,
  updates: TrackingUpdate[],
  options: Parameters<PickupPointModuleService["recordTrackingUpdates"]>[1] = {}
) {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const result = await pickupPoints.recordTrackingUpdates(updates, options)
  await tellMedusaOfTransitions(container, result.transitions)
  return result
}

/**
 * Tells Medusa of recorded transitions (see applyFulfillmentStates) and
 * announces them; the first of Medusa's refusals is thrown after the others
 * are tried.
 */
export async function tellMedusaOfTransitions(container: MedusaContainer, transitions: TrackingTransition[]): Promise<void> {
  try {
    await applyFulfillmentStates(container, transitions)
  } finally {
    // The stages are recorded: announced even when Medusa's side failed (the sync applies it again
    // later, but only this call knows the transitions, and a webhook's redelivery is a duplicate).
    await emitShipmentEvents(container, trackingEvents(transitions))
  }
}
