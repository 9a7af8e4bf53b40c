import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { retryShipmentOrderWorkflow } from "../../../../../../workflows/retry-shipment-order"
import { SHIPMENT_RELATIONS, toAdminShipment } from "../../admin-shipment"

/** Puts a failed shipment back in line, rebuilt from the order as it is now, and tries it at once. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  await pickupPoints.retrievePickupPointShipment(req.params.id)
  await retryShipmentOrderWorkflow(req.scope).run({ input: { shipment_id: req.params.id } })
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id, { relations: SHIPMENT_RELATIONS })
  res.json({ shipment: toAdminShipment(shipment) })
}
