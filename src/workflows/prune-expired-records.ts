import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pruneExpiredRecordsStep } from "./steps/prune-expired-records"

export const pruneExpiredRecordsWorkflowId = "pickup-point-prune-expired-records-workflow"

/**
 * Retention, by the plugin options' `retention`: webhook deliveries, tracking history and the call
 * log go by age; after `personalDataDays`, label PDFs and the code sends' log go, and the customer's
 * contacts are taken out of stored shipment order requests.
 */
export const pruneExpiredRecordsWorkflow = createWorkflow(pruneExpiredRecordsWorkflowId, (input: { now?: string }) =>
  new WorkflowResponse(pruneExpiredRecordsStep(input))
)
