import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkCartPickupPoints as checkCart } from "../../workflows/utils/pickup-point-checkout-checks"

/**
 * On `POST /store/carts/:id/complete`: the cart's pickup point is checked
 * again before the order is placed. Every completion passes here, so the
 * check reads only what it needs, without a workflow run (the same checks
 * as validateCartPickupPointsWorkflow, which custom checkouts can use).
 */
export async function checkCartPickupPoints(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  await checkCart(req.scope, req.params.id)
  next()
}
