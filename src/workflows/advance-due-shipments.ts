import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceDueShipmentsStep } from "./steps/advance-due-shipments"

/** What the scheduled job runs: retries every shipment whose creation is still open and due. */
export const advanceDueShipmentsWorkflow = createWorkflow(
  "advance-due-pickup-point-shipments",
  (input: { limit?: number }) => {
    const limit = transform({ input }, ({ input }) => input.limit ?? 100)
    return new WorkflowResponse(advanceDueShipmentsStep({ limit }))
  }
)
