import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelShipment, shipmentWork } from "../utils/shipment-work"

export const cancelShipmentStepId = "pickup-point-cancel-shipment"

export type CancelShipmentStepInput = {
  order_id: string
  /** The shipment that was checked: refused (409) when the order's live shipment is another one by now. */
  shipment_id?: string
  notes?: string
  /** The order is cancelled already: a carrier fault or refusal records the request for the retry job instead of failing. */
  defer_on_carrier_error?: boolean
}

/** No compensation: a cancel on the service cannot be taken back. A shipment cancelled already is left as it is. */
export const cancelShipmentStep = createStep(cancelShipmentStepId, async (input: CancelShipmentStepInput, { container }) => {
  const work = shipmentWork(container)
  const shipment = await work.pickupPoints.retrieveShipmentByOrder(input.order_id)
  if (input.shipment_id && shipment.id !== input.shipment_id) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `The shipment of order ${shipment.order_number} changed meanwhile (it is ${shipment.id} now): reload the order and try again.`
    )
  }
  return new StepResponse(
    await cancelShipment(work, shipment, input.notes, { deferOnCarrierError: input.defer_on_carrier_error })
  )
})
