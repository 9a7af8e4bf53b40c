import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceShipmentsStep } from "./steps/advance-shipments"
import { buildShipmentIntentsStep } from "./steps/build-shipment-intents"
import { cancelIntentsOfCancelledOrdersStep } from "./steps/cancel-intents-of-cancelled-orders"
import { recordShipmentIntentsStep } from "./steps/record-shipment-intents"

export const createShipmentOrdersWorkflowId = "pickup-point-create-shipment-orders-workflow"

/**
 * Creates the shipment orders of placed orders on the service: records each
 * intent, then creates it (or, after an unknown outcome, finds it). When the
 * service is down a shipment stays pending and the retry job goes on.
 * `recovered` (the order sweep) has the orders looked up on the service
 * first. An order cancelled meanwhile gets its recorded shipment cancelled
 * instead. The orders of a batch share its reads, claims and status calls
 * (the order.placed subscriber creates a burst of placed orders in batches).
 *
 * Returns the shipments of the orders this plugin ships (id, order and
 * status, as they are after it), and the orders whose shipment could not be built or recorded
 * (`failed_order_ids`, logged; the order sweep records them later).
 */
export const createShipmentOrdersWorkflow = createWorkflow(createShipmentOrdersWorkflowId, (input: { order_ids: string[]; recovered?: boolean }) => {
  const built = buildShipmentIntentsStep(input)
  const recorded = recordShipmentIntentsStep(built)
  const shipments = advanceShipmentsStep(cancelIntentsOfCancelledOrdersStep(recorded.shipments))
  return new WorkflowResponse(transform({ shipments, recorded }, ({ shipments, recorded }) => ({ shipments, failed_order_ids: recorded.failed })))
})
