import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import type { AdminListShipmentsType } from "../../../validators"
import { attentionFilter, describeShipment } from "../views/shipment-attention"
import { shipmentTextFilter } from "../views/shipment-text-filter"
import { SHIPMENT_RELATIONS, toAdminShipment } from "./admin-shipment"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminListShipmentsType>, res: MedusaResponse) {
  const { id, order_id, q, status, stage, needs_attention, limit, offset } = req.validatedQuery as AdminListShipmentsType
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const mapping = pickupPoints.statusMapping
  const now = Date.now()
  const { maxAgeDays } = pickupPoints.options.trackingSync
  // A stage is the set of status codes the store's mapping sends to it.
  const stageCodes = stage ? Object.keys(mapping).filter((code) => mapping[code] === stage) : undefined
  // Each its own $and: the attention filter is an $or of its own.
  const conditions = [...(needs_attention ? [attentionFilter(now, maxAgeDays)] : []), ...(q ? [shipmentTextFilter(q)] : [])]
  const filters = {
    ...(id ? { id } : {}),
    ...(order_id ? { order_id } : {}),
    ...(status ? { status } : {}),
    ...(stageCodes ? { tracking_status_code: stageCodes } : {}),
    ...(conditions.length ? { $and: conditions } : {}),
  }
  const [shipments, count] = await pickupPoints.listAndCountPickupPointShipments(filters, {
    // Shipments asked for by id all come back, whatever the default page size.
    take: id ? Math.max(limit, [id].flat().length) : limit,
    skip: offset,
    // Shipments recorded by one statement share their created_at: the id keeps pages from repeating or skipping one.
    order: { created_at: "DESC", id: "DESC" },
    relations: SHIPMENT_RELATIONS,
  })
  res.json({ shipments: shipments.map((shipment) => describeShipment(toAdminShipment(shipment), mapping, now, maxAgeDays)), count, limit, offset })
}
