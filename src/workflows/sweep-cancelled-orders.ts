import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sweepCancelledOrdersStep, type SweepCancelledOrdersInput } from "./steps/sweep-cancelled-orders"

export const sweepCancelledOrdersWorkflowId = "pickup-point-sweep-cancelled-orders-workflow"

/** Requests the cancel of every shipment whose order was cancelled while its order.canceled event was lost (see the step). */
export const sweepCancelledOrdersWorkflow = createWorkflow(
  sweepCancelledOrdersWorkflowId,
  (input: Partial<SweepCancelledOrdersInput>) =>
    new WorkflowResponse(
      sweepCancelledOrdersStep(transform({ input }, ({ input }) => ({ batch_size: input.batch_size ?? 500, grace_ms: input.grace_ms ?? 10 * 60_000 })))
    )
)
