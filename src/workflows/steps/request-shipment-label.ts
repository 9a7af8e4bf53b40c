import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ShipmentOrderNotImportedError } from "../../lib/shipment-orders"
import { isCreationOpen, labelRefusal } from "../../modules/pickup-point/lib/statuses"
import { advanceAndAnnounce } from "../utils/advance-and-announce"
import { shipmentWork } from "../utils/shipment-work"
import { toMedusaError } from "../utils/to-medusa-error"

export const requestShipmentLabelStepId = "pickup-point-request-shipment-label"

/**
 * Asks the service for the order's label (DELIVERY) or confirmation
 * (STORAGE), moving an open creation on first; refuses, saying why and what
 * to do, when the shipment is not ready for it. No compensation: the
 * service answers a repeated request with the same label, so a retry after
 * a rollback makes nothing new.
 */
export const requestShipmentLabelStep = createStep(requestShipmentLabelStepId, async (input: { order_id: string }, { container }) => {
  const work = shipmentWork(container)
  let shipment = await work.pickupPoints.retrieveShipmentByOrder(input.order_id)
  if (shipment.status !== "ready" && isCreationOpen(shipment.status)) {
    shipment = (await advanceAndAnnounce(container, shipment.id, work)) ?? shipment
  }
  const refusal = labelRefusal(shipment)
  if (refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  }
  try {
    const result = await work.client.generateLabel({
      orderReferenceCode: shipment.order_reference_code!,
      labelType: work.pickupPoints.options.labelType,
    })
    return new StepResponse({
      shipment_id: shipment.id,
      status: shipment.status,
      order_number: shipment.order_number,
      order_reference_code: shipment.order_reference_code!,
      kind: result.kind,
      tracking_number: result.kind === "label" ? (result.trackingNumber ?? null) : (shipment.tracking_number ?? null),
      // Passed on as base64: workflow data is serialized between steps.
      pdf_base64: result.kind === "label" ? result.pdf.toString("base64") : null,
    })
  } catch (error) {
    if (error instanceof ShipmentOrderNotImportedError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, labelRefusal({ ...shipment, status: "awaiting_import" })!)
    }
    throw toMedusaError(error, `The carrier could not make the label of order ${shipment.order_number}`)
  }
})
