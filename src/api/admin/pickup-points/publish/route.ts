import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { publishPickupPointShippingOptionsWorkflow } from "../../../../workflows/publish-pickup-point-shipping-options"
import type { AdminPublishPickupPointsType } from "../../../validators"

/** Creates one shipping option per chosen point in a service zone; points already offered there are skipped. */
export async function POST(req: AuthenticatedMedusaRequest<AdminPublishPickupPointsType>, res: MedusaResponse) {
  const { result } = await publishPickupPointShippingOptionsWorkflow(req.scope).run({ input: req.validatedBody })
  res.json(result)
}
