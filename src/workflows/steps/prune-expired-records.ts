import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const pruneExpiredRecordsStepId = "pickup-point-prune-expired-records"

/**
 * Deletes webhook deliveries, tracking history, the call log and label PDFs past the retention the
 * plugin options set, and takes the customer's details out of older shipment orders' stored requests.
 * No compensation: what is past retention is not kept
 * on purpose, and the next run deletes whatever this one left.
 */
export const pruneExpiredRecordsStep = createStep(pruneExpiredRecordsStepId, async (input: { now?: string }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  return new StepResponse(await pickupPoints.pruneExpiredRecords(input.now ? new Date(input.now) : new Date()))
})
