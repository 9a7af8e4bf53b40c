import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { inlineDisposition } from "../../../../../lib/content-disposition"
import { isLabelVoid, LABEL_CACHE_CONTROL, openLabelPdf, readLabelPdf } from "../../../label-pdf"

/** The stored label PDF of a DELIVERY shipment: with an admin session only, the one way to a label besides the bulk print. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id)
  if (!shipment.label_file_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      shipment.merchant_type === "STORAGE"
        ? `Shipment ${shipment.id} has no label: a STORAGE merchant's shipments are confirmed, not labelled.`
        : `Shipment ${shipment.id} has no label yet: create a fulfillment of its order to generate one.`
    )
  }
  if (isLabelVoid(shipment, pickupPoints)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The shipment order of ${shipment.order_number} was cancelled, so its label is void and must not go on a parcel. ` +
        `To send the order, fulfil its items again: a new fulfillment gets a new shipment order and label.`
    )
  }
  // Served as it came: a carrier's label may carry an owner password, which only opening it checks past.
  const { pdf } = await openLabelPdf(req.scope, shipment, await readLabelPdf(req.scope, shipment))
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Cache-Control", LABEL_CACHE_CONTROL)
  res.setHeader("Content-Disposition", inlineDisposition(`label-${shipment.order_number}.pdf`))
  res.send(pdf)
}
