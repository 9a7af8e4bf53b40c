import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../modules/pickup-point/service"
import { SHIPMENT_RELATIONS, toAdminShipment } from "../admin-shipment"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id, { relations: SHIPMENT_RELATIONS })
  res.json({ shipment: toAdminShipment(shipment) })
}
