import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reprocessStalledWebhookDeliveriesStep } from "./steps/reprocess-stalled-webhook-deliveries"
import { syncTrackingStep } from "./steps/sync-tracking"

/**
 * What the tracking job runs; `max_batches` overrides the run's budget.
 * Webhook deliveries whose processing stopped with its process are applied
 * first: like the sync, they bring statuses the carrier reported.
 */
export const syncTrackingWorkflowId = "pickup-point-sync-tracking-workflow"

export const syncTrackingWorkflow = createWorkflow(syncTrackingWorkflowId, (input: { max_batches?: number }) => {
  reprocessStalledWebhookDeliveriesStep()
  return new WorkflowResponse(syncTrackingStep(input))
})
