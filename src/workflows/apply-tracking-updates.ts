import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingUpdate } from "../modules/pickup-point/service"
import { applyTrackingUpdatesStep } from "./steps/apply-tracking-updates"

/** Applies tracking reports (see applyTrackingUpdates): used by the webhook and by admins' reports. */
export const applyTrackingUpdatesWorkflow = createWorkflow(
  "apply-pickup-point-tracking-updates",
  (input: { updates: TrackingUpdate[] }) => new WorkflowResponse(applyTrackingUpdatesStep(input))
)
