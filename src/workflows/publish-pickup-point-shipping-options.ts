import { acquireLockStep, createShippingOptionsWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  preparePickupPointShippingOptionsStep,
  type PublishPickupPointsInput,
} from "./steps/prepare-pickup-point-shipping-options"
import { PICKUP_POINT_OPTIONS_LOCK_KEY } from "./utils/pickup-point-option-type"

export const publishPickupPointShippingOptionsWorkflowId = "pickup-point-publish-shipping-options-workflow"

/**
 * Publishes chosen pickup points as one shipping option each, so that a
 * storefront with no point picker can still sell pickup-point delivery.
 * Publishes one at a time, and never alongside a setup (Medusa's Locking
 * module), so that two at once never offer a point twice or make two option
 * types: with the Redis or Postgres
 * locking provider this holds across processes, with the in-memory default
 * within one.
 */
export const publishPickupPointShippingOptionsWorkflow = createWorkflow(
  publishPickupPointShippingOptionsWorkflowId,
  (input: PublishPickupPointsInput) => {
    acquireLockStep({ key: PICKUP_POINT_OPTIONS_LOCK_KEY, timeout: 30, ttl: 120 })
    const prepared = preparePickupPointShippingOptionsStep(input)
    const created = createShippingOptionsWorkflow.runAsStep({ input: prepared.options })
    releaseLockStep({ key: PICKUP_POINT_OPTIONS_LOCK_KEY })
    return new WorkflowResponse(
      transform({ prepared, created }, ({ prepared, created }) => ({
        shipping_options: created,
        skipped_pickup_point_ids: prepared.skipped,
      }))
    )
  }
)
