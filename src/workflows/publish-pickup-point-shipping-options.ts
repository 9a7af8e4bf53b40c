import { acquireLockStep, createShippingOptionsWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  preparePickupPointShippingOptionsStep,
  type PublishPickupPointsInput,
} from "./steps/prepare-pickup-point-shipping-options"

export const publishPickupPointShippingOptionsWorkflowId = "pickup-point-publish-shipping-options-workflow"

/**
 * Publishes chosen pickup points as one shipping option each, so that a
 * storefront with no point picker can still sell pickup-point delivery.
 * Publishes into one service zone one at a time (Medusa's Locking module),
 * so that two at once never offer a point twice: with the Redis or Postgres
 * locking provider this holds across processes, with the in-memory default
 * within one.
 */
export const publishPickupPointShippingOptionsWorkflow = createWorkflow(
  publishPickupPointShippingOptionsWorkflowId,
  (input: PublishPickupPointsInput) => {
    const key = transform({ input }, ({ input }) => `pickup-point-publish:${input.service_zone_id}`)
    acquireLockStep({ key, timeout: 30, ttl: 120 })
    const prepared = preparePickupPointShippingOptionsStep(input)
    const created = createShippingOptionsWorkflow.runAsStep({ input: prepared.options })
    releaseLockStep({ key })
    return new WorkflowResponse(
      transform({ prepared, created }, ({ prepared, created }) => ({
        shipping_options: created,
        skipped_pickup_point_ids: prepared.skipped,
      }))
    )
  }
)
