import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { validateCartPickupPoints } from "./utils/pickup-point-checkout-checks"

export const validateCartPickupPointsWorkflowId = "pickup-point-validate-cart-workflow"

const validateCartPickupPointsStep = createStep(
  "pickup-point-validate-cart",
  async (input: { cart_id: string }, { container }) => new StepResponse(await validateCartPickupPoints(container, input.cart_id))
)

/**
 * Checks a cart's pickup point again before it is completed, for checkouts
 * that skip steps or a point deactivated since it was chosen, and that a
 * pickup-point order has one pickup-point delivery, an e-mail address and a
 * phone number. A cart completed already passes:
 * completion must stay idempotent when retried after the order exists. The
 * same function the completion's middleware runs on every cart, for a
 * custom checkout that completes carts its own way. No compensation: it
 * only reads.
 */
export const validateCartPickupPointsWorkflow = createWorkflow(validateCartPickupPointsWorkflowId, (input: { cart_id: string }) => {
  return new WorkflowResponse(validateCartPickupPointsStep(input))
})
