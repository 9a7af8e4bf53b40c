import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { advanceAndAnnounce } from "../utils/advance-and-announce"

export const advanceShipmentStepId = "pickup-point-advance-shipment"

/**
 * Moves a shipment on as far as the service allows now; a busy or settled
 * one is left as it is. No compensation: a shipment order made on the
 * service cannot be unmade by a rollback, and its record says where it is.
 */
export const advanceShipmentStep = createStep(
  advanceShipmentStepId,
  async (input: { shipment_id: string | null }, { container }) =>
    new StepResponse(input.shipment_id ? await advanceAndAnnounce(container, input.shipment_id) : null)
)
