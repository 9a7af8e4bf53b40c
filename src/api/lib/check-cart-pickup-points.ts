import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { validateCartPickupPointsWorkflow } from "../../workflows/validate-cart-pickup-points"

/** On `POST /store/carts/:id/complete`: the cart's pickup point is checked again before the order is placed. */
export async function checkCartPickupPoints(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  await validateCartPickupPointsWorkflow(req.scope).run({ input: { cart_id: req.params.id } })
  next()
}
