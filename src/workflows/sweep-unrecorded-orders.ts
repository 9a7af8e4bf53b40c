import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sweepUnrecordedOrdersStep, type SweepUnrecordedOrdersInput } from "./steps/sweep-unrecorded-orders"

export const sweepUnrecordedOrdersWorkflowId = "pickup-point-sweep-unrecorded-orders-workflow"

/** Records the shipment of every pickup-point order whose order.placed event was lost (see the step). */
export const sweepUnrecordedOrdersWorkflow = createWorkflow(
  sweepUnrecordedOrdersWorkflowId,
  (input: Partial<SweepUnrecordedOrdersInput>) =>
    new WorkflowResponse(
      sweepUnrecordedOrdersStep(
        transform({ input }, ({ input }) => ({
          limit: input.limit ?? 200,
          grace_ms: input.grace_ms ?? 120_000,
          lookback_days: input.lookback_days ?? 7,
        }))
      )
    )
)
