import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"
import type { StoreSearchPickupPointsType } from "../../validators"
import { answerCacheable } from "../../lib/answer-cacheable"

/** Active pickup points by postcode, city, free text, or nearest to a coordinate (with distance_km); cacheable (ETag; a nearest search only by the browser). */
export async function GET(req: MedusaRequest<unknown, StoreSearchPickupPointsType>, res: MedusaResponse) {
  const { latitude, longitude, radius_km, limit, offset, ...filters } = req.validatedQuery as StoreSearchPickupPointsType
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude, radius_km } : undefined
  const result = await pickupPoints.searchPickupPoints({ ...filters, near, limit, offset })
  // The shopper's position stays out of shared caches.
  answerCacheable(req, res, { ...result, limit, offset }, { private: !!near })
}
