import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isOutcomeUnknown, ShipmentOrderNotImportedError } from "../../lib/shipment-orders"
import { heldShipmentRefusal, isCreationOpen, labelRefusal } from "../../modules/pickup-point/lib/statuses"
import type { PickupPointShipmentDTO } from "../../modules/pickup-point/types"
import { advanceAndAnnounce } from "../utils/advance-and-announce"
import { findLabelOnService, labelFromAnswer, type LabelOnService } from "../utils/label-on-service"
import { isHeldByAnotherFulfillment, isLiveFulfillment } from "../utils/live-fulfillment"
import { withShipmentLeaseWhenFree, type ShipmentLease } from "../utils/shipment-lease"
import { shipmentWork, type ShipmentWork } from "../utils/shipment-work"
import { toMedusaError } from "../utils/to-medusa-error"

export const requestShipmentLabelStepId = "pickup-point-request-shipment-label"

/**
 * Asks the service for the order's label (DELIVERY) or confirmation
 * (STORAGE), moving an open creation on first; refuses, saying why and what
 * to do, when the shipment is not ready for it. The call is made under the
 * shipment's claim, so that of two fulfillments made at once (or a label
 * and a cancel) one at a time asks the carrier, and a request whose outcome
 * was never recorded is first looked for on the service: the carrier is not
 * asked twice (a STORAGE merchant's point would be told twice). When the
 * answer is lost, it finds out from the service whether the label was made
 * before it reports a failure. No compensation: nothing is recorded here
 * that a retry would not take over.
 */
export const requestShipmentLabelStep = createStep(requestShipmentLabelStepId, async (input: { order_id: string; fulfillment_id: string }, { container }) => {
  const work = shipmentWork(container)
  let shipment = await work.pickupPoints.retrieveShipmentByOrder(input.order_id)
  if (shipment.status !== "ready" && isCreationOpen(shipment.status)) {
    shipment = (await advanceAndAnnounce(container, shipment.id, work)) ?? shipment
  }
  await refuseUnlabellable(container, shipment, input.fulfillment_id)
  const made = await withShipmentLeaseWhenFree(work.pickupPoints, shipment.id, work.lease, async (lease, claimed) => {
    // Read again under the claim: another fulfillment may have taken the shipment meanwhile, or this one been cancelled.
    await refuseUnlabellable(container, claimed, input.fulfillment_id)
    if (!(await isLiveFulfillment(container, input.fulfillment_id))) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `This fulfillment of order ${claimed.order_number} was cancelled before its label was asked for: nothing was asked of the carrier.`)
    }
    return { shipment: claimed, made: await askForLabel(work, lease, claimed) }
  })
  if (!made) {
    // Not claimed: held by another process, or no longer there (a change of pickup point replaced it).
    const [now] = await work.pickupPoints.listPickupPointShipments({ id: shipment.id }, { take: 1 })
    if (!now) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `The shipment order of ${shipment.order_number} was replaced (a change of pickup point) while this fulfillment was made: reload the order and fulfil it again.`
      )
    }
    await refuseUnlabellable(container, now, input.fulfillment_id)
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `The shipment order of ${shipment.order_number} is being worked on (a label for another fulfillment, a cancel or a tracking update): ` +
        "wait a minute and reload the order; fulfil it again only if it still has no label."
    )
  }
  const { shipment: labelled, made: label } = made
  return new StepResponse({
    shipment_id: labelled.id,
    status: labelled.status,
    order_number: labelled.order_number,
    order_reference_code: labelled.order_reference_code!,
    kind: label.kind,
    tracking_number: label.trackingNumber ?? labelled.tracking_number ?? null,
    // Passed on as base64: workflow data is serialized between steps.
    pdf_base64: label.kind === "label" ? label.pdf.toString("base64") : null,
  })
})

/** Throws, saying why and what to do, when the shipment cannot get this fulfillment's label. */
async function refuseUnlabellable(container: MedusaContainer, shipment: PickupPointShipmentDTO, fulfillmentId: string) {
  const refusal = labelRefusal(shipment)
  if (refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  }
  // Before the carrier is asked again (a STORAGE merchant's point would be told twice).
  if (await isHeldByAnotherFulfillment(container, shipment, fulfillmentId)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, heldShipmentRefusal(shipment))
  }
}

/** The label the service makes, or made already for a request whose outcome was never recorded. */
async function askForLabel(work: ShipmentWork, lease: ShipmentLease, shipment: PickupPointShipmentDTO): Promise<LabelOnService> {
  const { client, pickupPoints } = work
  await lease.ensureHeld()
  // Asked before and not recorded: a lost answer, or a fulfillment made at the same time still recording it.
  if (shipment.label_requested_at) {
    const found = await findLabelOnService(client, shipment, pickupPoints.statusMapping).catch((error: unknown) => {
      // Asked again, a DELIVERY merchant's carrier gives the same label; a STORAGE merchant's point would be told twice.
      if (shipment.merchant_type === "STORAGE") {
        throw toMedusaError(error, `The carrier could not say whether it confirmed the shipment of order ${shipment.order_number} already`)
      }
      return null
    })
    if (found) return found
  }
  // On record before the call: until the label is recorded, the service may have made one we never heard of.
  await pickupPoints.updatePickupPointShipments({ id: shipment.id, label_requested_at: new Date() })
  await lease.ensureHeld()
  try {
    // A STORAGE merchant's call is not repeated blindly on a timeout (its point would be told again): looked up below instead.
    const result = await client.generateLabel(
      { orderReferenceCode: shipment.order_reference_code!, labelType: pickupPoints.options.labelType },
      { onceOnly: shipment.merchant_type === "STORAGE" }
    )
    return labelFromAnswer(result, shipment.merchant_type)
  } catch (error) {
    if (error instanceof ShipmentOrderNotImportedError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, labelRefusal({ ...shipment, status: "awaiting_import" })!)
    }
    const found = isOutcomeUnknown(error) ? await findLabelOnService(client, shipment, pickupPoints.statusMapping).catch(() => null) : null
    if (!found) {
      throw toMedusaError(error, `The carrier could not make the label of order ${shipment.order_number}`)
    }
    // The service made it; its answer was lost on the way.
    return found
  }
}
