import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceShipmentStep } from "./steps/advance-shipment"
import { buildShipmentIntentStep, recordShipmentIntentStep } from "./steps/shipment-intent"

/**
 * Creates the shipment order of a placed order on the service: records the
 * intent, then creates it (or, after an unknown outcome, finds it). When the
 * service is down the shipment stays pending and the scheduled job goes on.
 */
export const createShipmentOrderWorkflow = createWorkflow(
  "create-pickup-point-shipment-order",
  (input: { order_id: string }) => {
    const intent = recordShipmentIntentStep(buildShipmentIntentStep(input))
    const shipmentId = transform({ intent }, ({ intent }) => (intent?.status === "pending" ? intent.id : null))
    const shipment = advanceShipmentStep({ shipment_id: shipmentId })
    return new WorkflowResponse(transform({ intent, shipment }, ({ intent, shipment }) => shipment ?? intent))
  }
)
