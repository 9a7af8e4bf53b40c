import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pruneExpiredRecordsStep } from "./steps/prune-expired-records"

export const pruneExpiredRecordsWorkflowId = "pickup-point-prune-expired-records-workflow"

/**
 * Retention, by the plugin options' `retention`: webhook deliveries, tracking history and the call
 * log go by age; after `personalDataDays`, label PDFs go, and the customer's contacts are taken out
 * of stored shipment order requests and the masked e-mail out of the code sends' log.
 */
export const pruneExpiredRecordsWorkflow = createWorkflow(pruneExpiredRecordsWorkflowId, (input: { now?: string }) =>
  new WorkflowResponse(pruneExpiredRecordsStep(input))
)
