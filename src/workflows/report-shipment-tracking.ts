import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reportTrackingStep, type ReportTrackingInput } from "./steps/report-tracking"

export const reportShipmentTrackingWorkflowId = "pickup-point-report-shipment-tracking-workflow"

/**
 * A status reported by the merchant (its own pickup points): sent to the
 * service, then applied in Medusa like any other update. A handover is
 * ST_0007 with the customer's verification code.
 */
export const reportShipmentTrackingWorkflow = createWorkflow(reportShipmentTrackingWorkflowId, (input: ReportTrackingInput) =>
  new WorkflowResponse(reportTrackingStep(input))
)
