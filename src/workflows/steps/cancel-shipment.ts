import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelShipment, shipmentWork } from "../utils/shipment-work"

export const cancelShipmentStepId = "pickup-point-cancel-shipment"

export type CancelShipmentStepInput = { order_id: string; notes?: string; defer_when_unavailable?: boolean }

/** No compensation: a cancel on the service cannot be taken back. */
export const cancelShipmentStep = createStep(cancelShipmentStepId, async (input: CancelShipmentStepInput, { container }) => {
  const work = shipmentWork(container)
  const shipment = await work.pickupPoints.retrieveShipmentByOrder(input.order_id)
  return new StepResponse(
    await cancelShipment(work, shipment, input.notes, { deferWhenUnavailable: input.defer_when_unavailable })
  )
})
