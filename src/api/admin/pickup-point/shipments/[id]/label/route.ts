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
  // Void first: a cancelled shipment order is fulfilled another way, with or without a label.
  if (isLabelVoid(shipment, pickupPoints)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The shipment order of ${shipment.order_number} is cancelled${shipment.label_file_id ? ", so its label is void and must not go on a parcel" : ""}. ` +
        `Cancel its fulfillment if it still has one, then fulfil the items with another shipping option, or cancel the order.`
    )
  }
  if (!shipment.label_file_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      shipment.merchant_type === "STORAGE"
        ? `Shipment ${shipment.id} has no label: a STORAGE merchant's shipments are confirmed, not labelled.`
        : `Shipment ${shipment.id} has no label yet: create a fulfillment of its order to generate one.`
    )
  }
  // Served as it came: a carrier's label may carry an owner password, which only opening it checks past.
  const { pdf } = await openLabelPdf(req.scope, shipment, await readLabelPdf(req.scope, shipment))
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Cache-Control", LABEL_CACHE_CONTROL)
  res.setHeader("Content-Disposition", inlineDisposition(`label-${shipment.order_number}.pdf`))
  res.send(pdf)
}
