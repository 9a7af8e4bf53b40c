import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reportShipmentTrackingWorkflow } from "../../../../../../workflows/report-shipment-tracking"
import type { AdminReportTrackingType } from "../../../../../validators"
import { respondWithShipment } from "../../admin-shipment"

/** Reports another tracking status for the merchant's own pickup points (a handover has its own route). */
export async function POST(req: AuthenticatedMedusaRequest<AdminReportTrackingType>, res: MedusaResponse) {
  await reportShipmentTrackingWorkflow(req.scope).run({ input: { shipment_id: req.params.id, ...req.validatedBody } })
  await respondWithShipment(req, res)
}
