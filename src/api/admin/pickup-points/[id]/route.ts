import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import { updatePickupPointWorkflow } from "../../../../workflows/pickup-point-catalog"
import type { AdminUpdatePickupPointType } from "../../../validators"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  res.json({ pickup_point: await pickupPoints.retrievePickupPoint(req.params.id) })
}

/** Updates a point; `is_active: false` deactivates it (it leaves the store's search, and checkout refuses it). */
export async function POST(req: AuthenticatedMedusaRequest<AdminUpdatePickupPointType>, res: MedusaResponse) {
  const { result: pickup_point } = await updatePickupPointWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  res.json({ pickup_point })
}
