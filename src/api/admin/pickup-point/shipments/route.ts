import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import type { AdminListShipmentsType } from "../../../validators"
import { SHIPMENT_RELATIONS, toAdminShipment } from "./admin-shipment"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminListShipmentsType>, res: MedusaResponse) {
  const { order_id, limit, offset } = req.validatedQuery as AdminListShipmentsType
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [shipments, count] = await pickupPoints.listAndCountPickupPointShipments(order_id ? { order_id } : {}, {
    take: limit,
    skip: offset,
    order: { created_at: "DESC" },
    relations: SHIPMENT_RELATIONS,
  })
  res.json({ shipments: shipments.map(toAdminShipment), count, limit, offset })
}
