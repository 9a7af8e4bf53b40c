import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  requireCartPickupPointPhone,
  requireOnePickupPointDelivery,
  requirePickupPointOrderFacts,
  validatePickupPointSelections,
} from "../../workflows/utils/pickup-point-checkout-checks"

type ChosenOption = { option_id: string; data?: Record<string, unknown> }
type AddShippingMethodBody = ChosenOption | ChosenOption[]
type CartFacts = {
  email?: string | null
  customer_id?: string | null
  shipping_address?: { country_code?: string | null; phone?: string | null } | null
  shipping_methods?: { shipping_option_id?: string | null }[] | null
}

/**
 * On `POST /store/carts/:id/shipping-methods` (after Medusa's own body
 * validation): the earliest point that can know refuses a pickup-point
 * option chosen without a usable point, or that would make a second
 * pickup-point delivery of the cart, before the method is added. A
 * pickup-point method then gets its point's snapshot from the catalog in
 * `data.pickup_point` (replacing anything the shopper sent under that key),
 * which the provider keeps next to `pickup_point_code`. On a cart with a
 * payment session already, the e-mail and phone the order needs are checked
 * too: a session opened for another delivery at the same price stays, and a
 * provider that completes carts by webhook would place the order past the
 * completion's checks.
 */
export async function checkPickupPointSelection(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.validatedBody as AddShippingMethodBody | undefined
  const chosen = Array.isArray(body) ? body : body ? [body] : []
  // Read once, and only when a pickup-point option is chosen: its country, and the methods Medusa keeps.
  let cart: Promise<CartFacts | undefined> | undefined
  const cartFacts = () =>
    (cart ??= req.scope
      .resolve(Modules.CART)
      .listCarts({ id: req.params.id }, { select: ["id", "email", "customer_id"], relations: ["shipping_address", "shipping_methods"], take: 1 })
      .then(([found]) => found as CartFacts | undefined))
  // Without a workflow run: every shipping method a shopper chooses passes here, a pickup-point one or not.
  const validated = await validatePickupPointSelections(
    req.scope,
    chosen.map((c) => ({ option_id: c.option_id, data: c.data ?? null })),
    // The point must be in the country the cart ships to.
    async () => (await cartFacts())?.shipping_address?.country_code
  )
  if (validated.length) {
    await requireOnePickupPointDelivery(
      req.scope,
      await cartFacts(),
      chosen.map((c) => c.option_id),
      validated.map((selection) => selection.option_id)
    )
    if (await hasPaymentSession(req, req.params.id)) {
      const cart = (await cartFacts()) ?? {}
      requirePickupPointOrderFacts({ pickup_point_methods: 1, email: cart.email })
      await requireCartPickupPointPhone(req.scope, cart, 1)
    }
  }
  for (const selection of validated) {
    for (const option of chosen.filter((c) => c.option_id === selection.option_id)) {
      option.data = { ...option.data, pickup_point_code: selection.pickup_point_code, pickup_point: selection.pickup_point }
    }
  }
  next()
}

/** Whether the cart has a payment session open (through its payment collection). */
async function hasPaymentSession(req: MedusaRequest, cartId: string): Promise<boolean> {
  const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    fields: ["id", "payment_collection.payment_sessions.id"],
    filters: { id: cartId },
  })
  return !!(data[0] as { payment_collection?: { payment_sessions?: unknown[] } | null } | undefined)?.payment_collection?.payment_sessions?.length
}
