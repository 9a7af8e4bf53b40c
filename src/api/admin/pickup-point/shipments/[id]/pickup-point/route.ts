import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { changeShipmentPickupPointWorkflow } from "../../../../../../workflows/change-shipment-pickup-point"
import type { AdminChangeShipmentPickupPointType } from "../../../../../validators"
import { SHIPMENT_RELATIONS, toAdminShipment } from "../../admin-shipment"

/**
 * Sends the order to another pickup point, before its label: the old
 * shipment order is cancelled on the service and a new one created.
 * Answers with the order's new shipment (a new id) and the one it replaced.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminChangeShipmentPickupPointType>, res: MedusaResponse) {
  const { result } = await changeShipmentPickupPointWorkflow(req.scope).run({
    input: {
      shipment_id: req.params.id,
      pickup_point_code: req.validatedBody.pickup_point_code,
      note: req.validatedBody.note,
      actor_id: req.auth_context?.actor_id ?? null,
    },
  })
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(result.id, { relations: SHIPMENT_RELATIONS })
  res.json({ shipment: toAdminShipment(shipment), replaced_shipment_id: req.params.id })
}
