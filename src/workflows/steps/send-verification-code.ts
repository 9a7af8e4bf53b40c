import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isOutcomeUnknown } from "../../lib/shipment-orders"
import { isMovedOnRefusal, refreshShipmentStatus } from "../utils/refresh-shipment-status"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"
import { safeErrorMessage, toMedusaError } from "../utils/to-medusa-error"

export const sendVerificationCodeStepId = "pickup-point-send-verification-code"

/**
 * Has the service e-mail the pickup verification code to the customer; the
 * code itself never passes through the plugin. When the service's answer is
 * lost the e-mail may have gone out, so the send is kept (it counts against
 * the limits) and marked as not confirmed on its audit record. No
 * compensation: an e-mail cannot be unsent (it is the workflow's last call).
 */
export const sendVerificationCodeStep = createStep(
  sendVerificationCodeStepId,
  async (input: { shipment_id: string; send_id: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
    try {
      await shipmentOrdersClient(container).sendVerificationCode(shipment.order_reference_code!)
    } catch (error) {
      // An answer lost on the way may hide an e-mail that went out: the send keeps its place in the limits.
      if (!isOutcomeUnknown(error)) {
        // Refused: most likely the parcel moved on (collected, cancelled), which the admin should see with the refusal.
        if (isMovedOnRefusal(error)) await refreshShipmentStatus(container, shipment)
        throw toMedusaError(error, "The carrier did not send the verification code")
      }
      // Not a reason to fail the step: its compensation would take the send out of the limits.
      await pickupPoints.updatePickupPointVerificationCodeSends({ id: input.send_id, confirmed: false }).catch((failure) =>
        container
          .resolve("logger")
          .error(`[pickup-point] the code send ${input.send_id} could not be marked as not confirmed: ${safeErrorMessage(failure)}`)
      )
      return new StepResponse({ confirmed: false })
    }
    return new StepResponse({ confirmed: true })
  }
)
