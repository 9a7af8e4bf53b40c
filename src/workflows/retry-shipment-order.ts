import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../modules/pickup-point"
import type PickupPointModuleService from "../modules/pickup-point/service"
import { advanceShipmentStep } from "./steps/advance-shipment"
import { retryShipmentStep } from "./steps/retry-shipment"
import { buildShipmentIntentStep } from "./steps/shipment-intent"

const shipmentOrderIdStep = createStep("shipment-order-id", async (input: { shipment_id: string }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  return new StepResponse((await pickupPoints.retrievePickupPointShipment(input.shipment_id)).order_id)
})

/** Retries a failed shipment order with a request rebuilt from the order (say, after a phone number was added). */
export const retryShipmentOrderWorkflow = createWorkflow(
  "retry-pickup-point-shipment-order",
  (input: { shipment_id: string }) => {
    const orderId = shipmentOrderIdStep(input)
    const intent = buildShipmentIntentStep(transform({ orderId }, ({ orderId }) => ({ order_id: orderId })))
    const shipmentId = retryShipmentStep(transform({ input, intent }, ({ input, intent }) => ({ shipment_id: input.shipment_id, intent })))
    return new WorkflowResponse(advanceShipmentStep({ shipment_id: shipmentId }))
  }
)
