import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"
import { createPickupPointWorkflow } from "../../../workflows/pickup-point-catalog"
import { listPublishedOptions } from "../../../workflows/utils/published-options"
import type { AdminCreatePickupPointType, AdminListPickupPointsType } from "../../validators"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminListPickupPointsType>, res: MedusaResponse) {
  const { q, country_code, is_active, latitude, longitude, radius_km, limit, offset } = req.validatedQuery as AdminListPickupPointsType
  const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude, radius_km } : undefined
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [points, count] = await pickupPoints.listAndCountCatalogPoints({ q, country_code, is_active, near, limit, offset })
  // How many shipping options sell each point of the page (published ones), for the list's own column.
  const published = await listPublishedOptions(req.scope, points.map((point) => point.code), { select: ["id", "provider_id", "data"] })
  const optionsOf = (code: string) => published.filter((entry) => entry.code === code).length
  res.json({ pickup_points: points.map((point) => ({ ...point, published_options: optionsOf(point.code) })), count, limit, offset })
}

export async function POST(req: AuthenticatedMedusaRequest<AdminCreatePickupPointType>, res: MedusaResponse) {
  const { result: pickup_point } = await createPickupPointWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({ pickup_point })
}
