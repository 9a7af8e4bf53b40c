import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingUpdate } from "../modules/pickup-point/types"
import { applyTrackingUpdatesStep } from "./steps/apply-tracking-updates"

export const applyTrackingUpdatesWorkflowId = "pickup-point-apply-tracking-updates-workflow"

/** Applies tracking reports (see utils/apply-tracking-updates.ts): used by the webhook and by admins' reports. */
export const applyTrackingUpdatesWorkflow = createWorkflow(
  applyTrackingUpdatesWorkflowId,
  (input: { updates: TrackingUpdate[] }) => new WorkflowResponse(applyTrackingUpdatesStep(input))
)
