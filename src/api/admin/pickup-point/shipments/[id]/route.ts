import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { respondWithShipment } from "../admin-shipment"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await respondWithShipment(req, res)
}
