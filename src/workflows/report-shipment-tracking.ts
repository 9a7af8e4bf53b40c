import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { applyTrackingUpdatesWorkflow } from "./apply-tracking-updates"
import { reportTrackingStep, type ReportTrackingInput } from "./steps/report-tracking"

/**
 * A status reported by the merchant (its own pickup points): sent to the
 * service, then applied in Medusa like any other update. A handover is
 * ST_0007 with the customer's verification code.
 */
export const reportShipmentTrackingWorkflowId = "pickup-point-report-shipment-tracking-workflow"

export const reportShipmentTrackingWorkflow = createWorkflow(
  reportShipmentTrackingWorkflowId,
  (input: ReportTrackingInput) => {
    const update = reportTrackingStep(input)
    const applied = applyTrackingUpdatesWorkflow.runAsStep({
      input: transform({ update }, ({ update }) => ({ updates: [update] })),
    })
    return new WorkflowResponse(applied)
  }
)
