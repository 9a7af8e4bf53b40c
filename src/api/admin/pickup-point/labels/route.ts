import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PDFDocument } from "pdf-lib"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import type { AdminPrintLabelsType } from "../../../validators"
import { readLabelPdf } from "../label-pdf"

/**
 * The stored labels of the chosen shipments as ONE PDF, in the order asked,
 * one page per label page. Shipments without a label are left out and named
 * in `X-Pickup-Point-Skipped` (so the admin can say why per shipment); if
 * none has a label, nothing is printed (400).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminPrintLabelsType>, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const ids = req.validatedBody.shipment_ids
  const shipments = await pickupPoints.listPickupPointShipments({ id: ids }, { take: ids.length })
  const byId = new Map(shipments.map((shipment) => [shipment.id, shipment]))
  const printable = ids.map((id) => byId.get(id)).filter((shipment) => !!shipment?.label_file_id)
  const skipped = ids.filter((id) => !byId.get(id)?.label_file_id)
  if (!printable.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "None of the chosen shipments has a label yet: fulfill their orders first.")
  }

  // The labels in one query; merged one after the other, each label's text let go once merged.
  const stored = await pickupPoints.retrieveLabelPdfs(printable.map((shipment) => shipment!.label_file_id!))
  const merged = await PDFDocument.create()
  for (const shipment of printable) {
    const labelId = shipment!.label_file_id!
    const base64 = stored.get(labelId)
    stored.delete(labelId)
    // A label made before the plugin's table existed is read from the File Module.
    const pdf = base64 !== undefined ? Buffer.from(base64, "base64") : await readLabelPdf(req.scope, labelId)
    const label = await PDFDocument.load(pdf)
    for (const page of await merged.copyPages(label, label.getPageIndices())) {
      merged.addPage(page)
    }
  }
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `inline; filename="pickup-point-labels-${printable.length}.pdf"`)
  res.setHeader("X-Pickup-Point-Printed", printable.map((shipment) => shipment!.id).join(","))
  res.setHeader("X-Pickup-Point-Skipped", skipped.join(","))
  res.send(Buffer.from(await merged.save()))
}
