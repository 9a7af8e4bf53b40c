import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"
import { toMedusaError } from "../utils/to-medusa-error"

export const sendVerificationCodeStepId = "pickup-point-send-verification-code"

/**
 * Has the service e-mail the pickup verification code to the customer; the
 * code itself never passes through the plugin. No compensation: an e-mail
 * cannot be unsent (it is the workflow's last call).
 */
export const sendVerificationCodeStep = createStep(
  sendVerificationCodeStepId,
  async (input: { shipment_id: string; masked_email: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
    try {
      await shipmentOrdersClient(container).sendVerificationCode(shipment.order_reference_code!)
    } catch (error) {
      throw toMedusaError(error, "The carrier did not send the verification code")
    }
    await pickupPoints.createPickupPointShipmentEvents({
      shipment_id: shipment.id,
      status: shipment.status,
      message: `Verification code sent to ${input.masked_email}`,
      occurred_at: new Date(),
    })
    return new StepResponse(shipment.id)
  }
)
