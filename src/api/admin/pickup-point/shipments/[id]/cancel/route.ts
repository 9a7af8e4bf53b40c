import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { cancelShipmentOrderWorkflow } from "../../../../../../workflows/cancel-shipment-order"
import type { AdminCancelShipmentType } from "../../../../../validators"
import { respondWithShipment } from "../../admin-shipment"

/**
 * Cancels the shipment order on the service; refused (400) once a label
 * exists or the shipment is confirmed, and (409) when the order's live
 * shipment is another one by now (its pickup point was changed meanwhile).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminCancelShipmentType>, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const { id, order_id } = await pickupPoints.retrievePickupPointShipment(req.params.id)
  await cancelShipmentOrderWorkflow(req.scope).run({ input: { order_id, shipment_id: id, notes: req.validatedBody.notes } })
  await respondWithShipment(req, res)
}
