import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { validateCartPickupPoints } from "../../workflows/utils/pickup-point-checkout-checks"

/**
 * On `POST /store/carts/:id/complete`: the cart's pickup point is checked
 * again before the order is placed, and its details as the catalog has them
 * now are stored on the method (the order shows them). Every completion
 * passes here, so the check runs without a workflow run
 * (validateCartPickupPointsWorkflow runs the same check, for custom
 * checkouts).
 */
export async function checkCartPickupPoints(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  await validateCartPickupPoints(req.scope, req.params.id, { refreshSnapshots: true })
  next()
}
