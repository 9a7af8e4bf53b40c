import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { validatePickupPointSelectionsStep } from "./steps/validate-pickup-point-selections"

export const validateCartPickupPointsWorkflowId = "pickup-point-validate-cart-workflow"

type CartShippingMethods = {
  completed_at?: string | Date | null
  shipping_methods?: ({ shipping_option_id?: string | null; data?: Record<string, unknown> | null } | null)[]
}

/**
 * Checks a cart's pickup point again before it is completed, for checkouts
 * that skip steps or a point deactivated since it was chosen. A cart
 * completed already passes: completion must stay idempotent when retried
 * after the order exists.
 */
export const validateCartPickupPointsWorkflow = createWorkflow(validateCartPickupPointsWorkflowId, (input: { cart_id: string }) => {
  const { data: carts } = useQueryGraphStep({
    entity: "cart",
    fields: ["completed_at", "shipping_methods.shipping_option_id", "shipping_methods.data"],
    filters: { id: input.cart_id },
  }).config({ name: "pickup-point-cart-to-complete" })
  const selections = transform({ carts }, ({ carts }) => {
    const cart = carts[0] as CartShippingMethods | undefined
    if (!cart || cart.completed_at) return []
    return (cart.shipping_methods ?? []).flatMap((method) =>
      method?.shipping_option_id ? [{ option_id: method.shipping_option_id, data: method.data ?? null }] : []
    )
  })
  return new WorkflowResponse(validatePickupPointSelectionsStep({ selections }))
})
