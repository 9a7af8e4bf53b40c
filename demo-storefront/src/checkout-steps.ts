import type { HttpTypes } from "@medusajs/types"

export type Step = "address" | "delivery" | "payment" | "review"
export const STEPS: Step[] = ["address", "delivery", "payment", "review"]

export function isStep(value: string | undefined): value is Step {
  return STEPS.includes(value as Step)
}

/** The first step a cart still needs: a cart read again after a reload opens where the shopper was. */
export function stepFor(cart: HttpTypes.StoreCart): Step {
  if (!cart.email || !cart.shipping_address?.address_1) return "address"
  // A pickup-point method is only ever added with its point (the picker adds it, the plugin checks it).
  if (!cart.shipping_methods?.length) return "delivery"
  return cart.payment_collection?.payment_sessions?.length ? "review" : "payment"
}

/**
 * The step to open for a step asked for (by the page's address: Back, Forward, a reload): the
 * shopper may go back to any step, never past the first one the cart still needs.
 */
export function openableStep(asked: Step | undefined, cart: HttpTypes.StoreCart): Step {
  const needed = stepFor(cart)
  return asked && STEPS.indexOf(asked) < STEPS.indexOf(needed) ? asked : needed
}
