import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import { PICKUP_POINT_ERRORS } from "../../../../storefront/error-codes"
import { answerCacheable } from "../../../lib/answer-cacheable"

/** One active point by its code, as the search shows it (for a remembered point, say); 404 when it is unknown or inactive. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const point = await pickupPoints.retrieveActivePickupPoint(req.params.code)
  if (!point) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, PICKUP_POINT_ERRORS.pickup_point_unavailable, "pickup_point_unavailable")
  }
  const { is_active: _active, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...pickup_point } = point
  answerCacheable(req, res, { pickup_point: { ...pickup_point, distance_km: null } })
}
