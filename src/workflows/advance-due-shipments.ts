import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceDueShipmentsStep } from "./steps/advance-due-shipments"

export const advanceDueShipmentsWorkflowId = "pickup-point-advance-due-shipments-workflow"

/** What the retry job runs: moves on every shipment whose creation is still open, or whose cancel is due. */
export const advanceDueShipmentsWorkflow = createWorkflow(advanceDueShipmentsWorkflowId, (input: { limit?: number }) => {
  const limit = transform({ input }, ({ input }) => input.limit ?? 100)
  return new WorkflowResponse(advanceDueShipmentsStep({ limit }))
})
