import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingUpdate } from "../../modules/pickup-point/types"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"

export const applyTrackingUpdatesStepId = "pickup-point-apply-tracking-updates"

/** No compensation: a recorded report is a fact the service told us, and Medusa's own workflows undo their part. */
export const applyTrackingUpdatesStep = createStep(
  applyTrackingUpdatesStepId,
  async (input: { updates: TrackingUpdate[] }, { container }) => new StepResponse(await applyTrackingUpdates(container, input.updates))
)
