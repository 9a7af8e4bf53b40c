import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"
import { createPickupPointWorkflow } from "../../../workflows/pickup-point-catalog"
import { listPublishedOptions } from "../../../workflows/utils/published-options"
import type { AdminCreatePickupPointType, AdminListPickupPointsType } from "../../validators"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminListPickupPointsType>, res: MedusaResponse) {
  const { q, country_code, is_active, limit, offset } = req.validatedQuery as AdminListPickupPointsType
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const filters = {
    ...(is_active === undefined ? {} : { is_active }),
    // Two letters only (validated), so the match is equality whatever the case stored.
    ...(country_code ? { country_code: { $ilike: country_code } } : {}),
    ...(q ? { $and: adminSearchWords(q).map(anyFieldContains) } : {}),
  }
  const [points, count] = await pickupPoints.listAndCountPickupPoints(filters, { take: limit, skip: offset, order: { code: "ASC" } })
  // How many shipping options sell each point of the page (published ones), for the list's own column.
  const published = await listPublishedOptions(req.scope, points.map((point) => point.code), { select: ["id", "provider_id", "data"] })
  const optionsOf = (code: string) => published.filter((entry) => entry.code === code).length
  res.json({ pickup_points: points.map((point) => ({ ...point, published_options: optionsOf(point.code) })), count, limit, offset })
}

export async function POST(req: AuthenticatedMedusaRequest<AdminCreatePickupPointType>, res: MedusaResponse) {
  const { result: pickup_point } = await createPickupPointWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({ pickup_point })
}

/** The words of an admin's search, each to be found somewhere: "tabac navig" finds Tabacchi Navigli. */
function adminSearchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 8)
}

/** A word found in the code, name, address, city or postcode; a `%`, `_` or backslash typed is matched as itself. */
function anyFieldContains(word: string) {
  const like = `%${word.replace(/[\\%_]/g, "\\$&")}%`
  return { $or: ["code", "name", "address", "city", "postcode"].map((field) => ({ [field]: { $ilike: like } })) }
}
