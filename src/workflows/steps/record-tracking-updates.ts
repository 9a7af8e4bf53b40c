import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingUpdate } from "../../modules/pickup-point/service"
import { applyFulfillmentStates } from "./apply-fulfillment-states"

/** Records status reports; the shipments whose stage moved are passed on. */
export const recordTrackingUpdatesStep = createStep(
  "record-pickup-point-tracking-updates",
  async (input: { updates: TrackingUpdate[] }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    return new StepResponse(await pickupPoints.recordTrackingUpdates(input.updates))
  }
)

export const applyFulfillmentStatesStep = createStep(
  "apply-pickup-point-fulfillment-states",
  async (input: { transitions: Parameters<typeof applyFulfillmentStates>[1] }, { container }) => {
    await applyFulfillmentStates(container, input.transitions)
    return new StepResponse(input.transitions.length)
  }
)
