import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  preparePickupPointShippingOptionsStep,
  type PublishPickupPointsInput,
} from "./steps/prepare-pickup-point-shipping-options"

/**
 * Publishes chosen pickup points as one shipping option each, so that a
 * storefront with no point picker can still sell pickup-point delivery.
 */
export const publishPickupPointShippingOptionsWorkflow = createWorkflow(
  "publish-pickup-point-shipping-options",
  (input: PublishPickupPointsInput) => {
    const prepared = preparePickupPointShippingOptionsStep(input)
    const created = createShippingOptionsWorkflow.runAsStep({ input: prepared.options })
    return new WorkflowResponse(
      transform({ prepared, created }, ({ prepared, created }) => ({
        shipping_options: created,
        skipped_pickup_point_ids: prepared.skipped,
      }))
    )
  }
)
