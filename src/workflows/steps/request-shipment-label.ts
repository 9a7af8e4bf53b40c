import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isOutcomeUnknown, ShipmentOrderNotImportedError } from "../../lib/shipment-orders"
import { heldShipmentRefusal, isCreationOpen, labelRefusal } from "../../modules/pickup-point/lib/statuses"
import { advanceAndAnnounce } from "../utils/advance-and-announce"
import { findLabelOnService, labelFromAnswer, type LabelOnService } from "../utils/label-on-service"
import { isHeldByAnotherFulfillment } from "../utils/live-fulfillment"
import { shipmentWork } from "../utils/shipment-work"
import { toMedusaError } from "../utils/to-medusa-error"

export const requestShipmentLabelStepId = "pickup-point-request-shipment-label"

/**
 * Asks the service for the order's label (DELIVERY) or confirmation
 * (STORAGE), moving an open creation on first; refuses, saying why and what
 * to do, when the shipment is not ready for it. When the answer is lost,
 * it finds out from the service whether the label was made before it
 * reports a failure. No compensation: the service answers a repeated
 * request with the same label, so a retry after a rollback makes nothing new.
 */
export const requestShipmentLabelStep = createStep(requestShipmentLabelStepId, async (input: { order_id: string; fulfillment_id: string }, { container }) => {
  const work = shipmentWork(container)
  let shipment = await work.pickupPoints.retrieveShipmentByOrder(input.order_id)
  if (shipment.status !== "ready" && isCreationOpen(shipment.status)) {
    shipment = (await advanceAndAnnounce(container, shipment.id, work)) ?? shipment
  }
  const refusal = labelRefusal(shipment)
  if (refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  }
  // Before the carrier is asked again (a STORAGE merchant's point would be told twice).
  if (await isHeldByAnotherFulfillment(container, shipment, input.fulfillment_id)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, heldShipmentRefusal(shipment))
  }
  // On record before the call: until the label is recorded, the service may have made one we never heard of.
  await work.pickupPoints.updatePickupPointShipments({ id: shipment.id, label_requested_at: new Date() })
  let made: LabelOnService
  try {
    const result = await work.client.generateLabel({
      orderReferenceCode: shipment.order_reference_code!,
      labelType: work.pickupPoints.options.labelType,
    })
    made = labelFromAnswer(result, shipment.merchant_type)
  } catch (error) {
    if (error instanceof ShipmentOrderNotImportedError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, labelRefusal({ ...shipment, status: "awaiting_import" })!)
    }
    const found = isOutcomeUnknown(error) ? await findLabelOnService(work.client, shipment, work.pickupPoints.statusMapping).catch(() => null) : null
    if (!found) {
      throw toMedusaError(error, `The carrier could not make the label of order ${shipment.order_number}`)
    }
    // The service made it; its answer was lost on the way.
    made = found
  }
  return new StepResponse({
    shipment_id: shipment.id,
    status: shipment.status,
    order_number: shipment.order_number,
    order_reference_code: shipment.order_reference_code!,
    kind: made.kind,
    tracking_number: made.trackingNumber ?? shipment.tracking_number ?? null,
    // Passed on as base64: workflow data is serialized between steps.
    pdf_base64: made.kind === "label" ? made.pdf.toString("base64") : null,
  })
})
