import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { requirePickupPointPhoneStep } from "./steps/require-pickup-point-phone"
import { validatePickupPointSelectionsStep } from "./steps/validate-pickup-point-selections"

export const validateCartPickupPointsWorkflowId = "pickup-point-validate-cart-workflow"

type CartToComplete = {
  completed_at?: string | Date | null
  shipping_address?: { phone?: string | null } | null
  customer?: { phone?: string | null } | null
  shipping_methods?: ({ shipping_option_id?: string | null; data?: Record<string, unknown> | null } | null)[]
}

/**
 * Checks a cart's pickup point again before it is completed, for checkouts
 * that skip steps or a point deactivated since it was chosen, and that a
 * pickup-point order has a phone number. A cart completed already passes:
 * completion must stay idempotent when retried after the order exists.
 */
export const validateCartPickupPointsWorkflow = createWorkflow(validateCartPickupPointsWorkflowId, (input: { cart_id: string }) => {
  const { data: carts } = useQueryGraphStep({
    entity: "cart",
    fields: ["completed_at", "shipping_address.phone", "customer.phone", "shipping_methods.shipping_option_id", "shipping_methods.data"],
    filters: { id: input.cart_id },
  }).config({ name: "pickup-point-cart-to-complete" })
  const selections = transform({ carts }, ({ carts }) => {
    const cart = carts[0] as CartToComplete | undefined
    if (!cart || cart.completed_at) return []
    return (cart.shipping_methods ?? []).flatMap((method) =>
      method?.shipping_option_id ? [{ option_id: method.shipping_option_id, data: method.data ?? null }] : []
    )
  })
  const validated = validatePickupPointSelectionsStep({ selections })
  const phoneCheck = transform({ carts, validated }, ({ carts, validated }) => {
    const cart = carts[0] as CartToComplete | undefined
    return { pickup_point_methods: validated.length, phones: [cart?.shipping_address?.phone, cart?.customer?.phone] }
  })
  requirePickupPointPhoneStep(phoneCheck)
  return new WorkflowResponse(validated)
})
