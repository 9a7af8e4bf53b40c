import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { setupPickupPointDeliveryWorkflow } from "../../../../workflows/setup-pickup-point-delivery"
import type { AdminSetupPickupPointDeliveryType } from "../../../validators"

/**
 * Sets a stock location up to sell pickup-point delivery (provider, service
 * zone, option type, option); safe to repeat: answers what exists.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminSetupPickupPointDeliveryType>, res: MedusaResponse) {
  const { result } = await setupPickupPointDeliveryWorkflow(req.scope).run({ input: req.validatedBody })
  res.json({ setup: result })
}
