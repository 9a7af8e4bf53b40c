import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { isCreationOpen } from "../modules/pickup-point/lib/statuses"
import { advanceShipmentStep } from "./steps/advance-shipment"
import { buildShipmentIntentWorkflow } from "./build-shipment-intent"
import { cancelIntentOfCancelledOrderStep } from "./steps/cancel-intent-of-cancelled-order"
import { recordShipmentIntentStep } from "./steps/record-shipment-intent"

export const createShipmentOrderWorkflowId = "pickup-point-create-shipment-order-workflow"

/**
 * Creates the shipment order of a placed order on the service: records the
 * intent, then creates it (or, after an unknown outcome, finds it). When the
 * service is down the shipment stays pending and the retry job goes on.
 * `recovered` (the order sweep) has the order looked up on the service first.
 * An order cancelled meanwhile gets its recorded shipment cancelled instead.
 */
export const createShipmentOrderWorkflow = createWorkflow(createShipmentOrderWorkflowId, (input: { order_id: string; recovered?: boolean }) => {
  const built = buildShipmentIntentWorkflow.runAsStep({ input: { order_id: input.order_id } })
  const recorded = recordShipmentIntentStep(
    transform({ built, input }, ({ built, input }) => (built ? { ...built, recovered: !!input.recovered } : null))
  )
  const intent = cancelIntentOfCancelledOrderStep(recorded)
  const shipmentId = transform({ intent }, ({ intent }) => (intent && isCreationOpen(intent.status) ? intent.id : null))
  const shipment = advanceShipmentStep({ shipment_id: shipmentId })
  return new WorkflowResponse(transform({ intent, shipment }, ({ intent, shipment }) => shipment ?? intent))
})
