import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { retryShipmentOrderWorkflow } from "../../../../../../workflows/retry-shipment-order"
import { respondWithShipment } from "../../admin-shipment"

/** Puts a failed shipment back in line, rebuilt from the order as it is now, and tries it at once. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await retryShipmentOrderWorkflow(req.scope).run({ input: { shipment_id: req.params.id } })
  await respondWithShipment(req, res)
}
