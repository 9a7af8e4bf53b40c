import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { withServiceIdentity } from "../../modules/pickup-point/lib/build-shipment-intent"
import { isRetryable } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"

export const retryShipmentStepId = "pickup-point-retry-shipment"

/**
 * Puts a failed shipment back in line with a request rebuilt from the order
 * as it is now; refused, with the reason, while the order still lacks data
 * or names another pickup point than the shipment (a change under way).
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
    // The order names another point than the shipment: a change of pickup point is under way (or stopped
    // half-way). Retried now, the parcel would go to the new point while the shipment still shows the old one.
    if (input.intent && input.intent.pickup_point_code !== shipment.pickup_point_code) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `The order's shipping method names pickup point ${input.intent.pickup_point_code}, and shipment ${shipment.id} goes to ${shipment.pickup_point_code}: ` +
          `a change of pickup point is under way or stopped half-way. Wait a minute and reload the order, or change the pickup point again, then retry.`
      )
    }
    // A shipment made after a change of pickup point keeps its own order number on the service.
    const previousReference = (shipment.request as { reference?: string } | null)?.reference
    const intent =
      input.intent && input.intent.order_number !== shipment.order_number
        ? withServiceIdentity(input.intent, {
            order_number: shipment.order_number,
            reference: previousReference ?? input.intent.request?.reference ?? shipment.order_id,
          })
        : input.intent
    if (intent?.problem) {
      await pickupPoints.updatePickupPointShipments({ id: shipment.id, request: intent.request as never, last_error: intent.problem })
      throw new MedusaError(MedusaError.Types.INVALID_DATA, intent.problem)
    }
    // A refused create left nothing on the service, so the shipment starts again from pending.
    const retried = await pickupPoints.transitionShipment({
      id: shipment.id,
      from: "failed",
      to: shipment.order_reference_code ? "awaiting_import" : "pending",
      changes: { request: (intent?.request ?? shipment.request) as Record<string, unknown> | null },
      message: HISTORY_MESSAGES.retried,
    })
    if (!retried) {
      // It was failed a moment ago: another request (a second admin's retry) moved it meanwhile.
      throw new MedusaError(MedusaError.Types.CONFLICT, `Shipment ${shipment.id} was retried or changed by another request meanwhile: reload the order to see where it stands.`)
    }
    return new StepResponse(retried.id)
  }
)
