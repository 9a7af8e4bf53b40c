import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pruneExpiredRecordsStep } from "./steps/prune-expired-records"

export const pruneExpiredRecordsWorkflowId = "pickup-point-prune-expired-records-workflow"

/** Retention: webhook deliveries and tracking history older than the plugin options' `retention` go. */
export const pruneExpiredRecordsWorkflow = createWorkflow(pruneExpiredRecordsWorkflowId, (input: { now?: string }) =>
  new WorkflowResponse(pruneExpiredRecordsStep(input))
)
