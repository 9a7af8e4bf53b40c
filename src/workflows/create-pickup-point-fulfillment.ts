import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import type { OrderWorkflow } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { generateShipmentLabelWorkflow } from "./generate-shipment-label"

export const createPickupPointFulfillmentWorkflowId = "pickup-point-create-fulfillment-workflow"

/**
 * "Fulfill items" for a pickup-point order: Medusa's own fulfillment
 * workflow, then the label (or the STORAGE confirmation). If the label
 * cannot be made, Medusa's workflow is compensated, so the fulfillment is
 * undone and the admin sees why. Run by the plugin's middleware on
 * `POST /admin/orders/:id/fulfillments` instead of taking Medusa's
 * `fulfillmentCreated` hook, which a store may need for itself.
 */
export const createPickupPointFulfillmentWorkflow = createWorkflow(
  createPickupPointFulfillmentWorkflowId,
  (input: OrderWorkflow.CreateOrderFulfillmentWorkflowInput & { backend_url?: string | null }) => {
    const fulfillment = createOrderFulfillmentWorkflow.runAsStep({
      input: transform({ input }, ({ input: { backend_url: _origin, ...medusaInput } }) => medusaInput),
    })
    const label = generateShipmentLabelWorkflow.runAsStep({
      input: transform({ fulfillment, input }, ({ fulfillment, input }) => ({ fulfillment_id: fulfillment.id, backend_url: input.backend_url ?? null })),
    })
    return new WorkflowResponse({ fulfillment, label })
  }
)
