import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../modules/pickup-point/service"
import { toAdminShipment } from "../admin-shipment"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id, { relations: ["events"] })
  res.json({ shipment: toAdminShipment(shipment) })
}
