import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { validateCartPickupPoints } from "../../workflows/utils/pickup-point-checkout-checks"

/**
 * On `POST /store/payment-collections/:id/payment-sessions`: the cart's
 * pickup point, phone and e-mail are checked before the shopper pays. A
 * payment provider that completes carts by webhook (Medusa's
 * processPaymentWorkflow) places the order without the completion's checks,
 * so a refusal at completion would come after the order exists. A payment
 * collection of no cart (an order's, for instance) passes.
 */
export async function checkPaymentSessionPickupPoints(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: req.params.id },
  })
  for (const { cart_id } of links) {
    await validateCartPickupPoints(req.scope, cart_id)
  }
  next()
}
