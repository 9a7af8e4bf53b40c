import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkShipmentTrackingWorkflow } from "../../../../../../workflows/check-shipment-tracking"
import { respondWithShipment } from "../../admin-shipment"

/** Asks the carrier for the shipment's tracking now, and answers the shipment as it is then. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await checkShipmentTrackingWorkflow(req.scope).run({ input: { shipment_id: req.params.id } })
  await respondWithShipment(req, res)
}
