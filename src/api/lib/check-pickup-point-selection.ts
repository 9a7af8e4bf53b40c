import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { validatePickupPointSelectionsWorkflow } from "../../workflows/validate-pickup-point-selections"

type AddShippingMethodBody = { option_id: string; data?: Record<string, unknown> } | { option_id: string; data?: Record<string, unknown> }[]

/**
 * On `POST /store/carts/:id/shipping-methods` (after Medusa's own body
 * validation): the earliest point that can know refuses a pickup-point
 * option chosen without a usable point, before the method is added.
 */
export async function checkPickupPointSelection(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.validatedBody as AddShippingMethodBody | undefined
  const chosen = Array.isArray(body) ? body : body ? [body] : []
  await validatePickupPointSelectionsWorkflow(req.scope).run({
    input: { selections: chosen.map((c) => ({ option_id: c.option_id, data: c.data ?? null })) },
  })
  next()
}
