import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { validatePickupPointSelectionsStep, type PickupPointSelection } from "./steps/validate-pickup-point-selections"

export const validatePickupPointSelectionsWorkflowId = "pickup-point-validate-selections-workflow"

/** Refuses a pickup-point shipping option chosen without a usable point (see the step). */
export const validatePickupPointSelectionsWorkflow = createWorkflow(
  validatePickupPointSelectionsWorkflowId,
  (input: { selections: PickupPointSelection[]; shipping_country?: string | null }) => new WorkflowResponse(validatePickupPointSelectionsStep(input))
)
