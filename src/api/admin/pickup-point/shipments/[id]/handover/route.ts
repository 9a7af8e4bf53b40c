import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reportShipmentTrackingWorkflow } from "../../../../../../workflows/report-shipment-tracking"
import type { AdminHandoverType } from "../../../../../validators"
import { respondWithShipment } from "../../admin-shipment"

/** At the merchant's own pickup point: the customer collected the parcel, showing their code (ST_0007). */
export async function POST(req: AuthenticatedMedusaRequest<AdminHandoverType>, res: MedusaResponse) {
  await reportShipmentTrackingWorkflow(req.scope).run({
    input: {
      shipment_id: req.params.id,
      status_code: "ST_0007",
      status_description: "Picked up by the customer",
      verification_code: req.validatedBody.verification_code,
    },
  })
  await respondWithShipment(req, res)
}
