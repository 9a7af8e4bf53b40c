import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { buildShipmentIntentStep } from "./steps/build-shipment-intent"

export const buildShipmentIntentWorkflowId = "pickup-point-build-shipment-intent-workflow"

/**
 * What the service's create needs for an order, read from the order as it
 * is now (its items, contact and shipping method, and where the option
 * ships from, as a batch of placed orders reads them); null for an order
 * this plugin does not ship.
 */
export const buildShipmentIntentWorkflow = createWorkflow(buildShipmentIntentWorkflowId, (input: { order_id: string }) => {
  return new WorkflowResponse(buildShipmentIntentStep(input))
})
