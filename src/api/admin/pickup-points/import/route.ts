import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import type { AdminImportPickupPointsType } from "../../../validators"

/**
 * Imports a CSV of pickup points (header row with the field names of
 * `POST /admin/pickup-points`); answers what became of each row.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminImportPickupPointsType>, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  res.json(await pickupPoints.importPickupPointsCsv(req.validatedBody.csv))
}
