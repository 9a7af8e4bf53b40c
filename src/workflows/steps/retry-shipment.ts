import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { isRetryable } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/types"

export const retryShipmentStepId = "pickup-point-retry-shipment"

/**
 * Puts a failed shipment back in line with a request rebuilt from the order
 * as it is now; refused, with the reason, while the order still lacks data.
 * No compensation: the next step only moves the shipment on, and a shipment
 * back in line is what the retry job works from anyway.
 */
export const retryShipmentStep = createStep(
  retryShipmentStepId,
  async (input: { shipment_id: string; intent: ShipmentIntent | null }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
    const refused = () =>
      new MedusaError(MedusaError.Types.NOT_ALLOWED, `Shipment ${shipment.id} is ${shipment.status}: only a failed shipment can be retried.`)
    if (!isRetryable(shipment.status)) {
      throw refused()
    }
    if (input.intent?.problem) {
      await pickupPoints.updatePickupPointShipments({ id: shipment.id, request: input.intent.request as never, last_error: input.intent.problem })
      throw new MedusaError(MedusaError.Types.INVALID_DATA, input.intent.problem)
    }
    // A refused create left nothing on the service, so the shipment starts again from pending.
    const retried = await pickupPoints.transitionShipment({
      id: shipment.id,
      from: "failed",
      to: shipment.order_reference_code ? "awaiting_import" : "pending",
      changes: { request: (input.intent?.request ?? shipment.request) as Record<string, unknown> | null },
      message: "Retried by an admin",
    })
    if (!retried) {
      throw refused()
    }
    return new StepResponse(retried.id)
  }
)
