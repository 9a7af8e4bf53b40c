import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncTrackingStep } from "./steps/sync-tracking"

/** What the tracking job runs; `max_batches` overrides the run's budget. */
export const syncTrackingWorkflowId = "pickup-point-sync-tracking-workflow"

export const syncTrackingWorkflow = createWorkflow(
  syncTrackingWorkflowId,
  (input: { max_batches?: number }) => new WorkflowResponse(syncTrackingStep(input))
)
