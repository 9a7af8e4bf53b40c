import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceShipmentsStep } from "./steps/advance-shipments"
import { buildShipmentIntentsStep } from "./steps/build-shipment-intents"
import { cancelIntentsOfCancelledOrdersStep } from "./steps/cancel-intents-of-cancelled-orders"
import { orderShipmentStep } from "./steps/order-shipment"
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
 * status, as they are after it), and the orders whose shipment could not
 * be built or recorded (`failed_order_ids`, logged; the order sweep records
 * them later).
 */
export const createShipmentOrdersWorkflow = createWorkflow(createShipmentOrdersWorkflowId, (input: { order_ids: string[]; recovered?: boolean }) => {
  const built = buildShipmentIntentsStep(input)
  const recorded = recordShipmentIntentsStep(built)
  const checked = cancelIntentsOfCancelledOrdersStep(recorded.shipments)
  const advanced = advanceShipmentsStep(checked.to_advance)
  return new WorkflowResponse(
    transform({ checked, advanced, recorded }, ({ checked, advanced, recorded }) => {
      const now = new Map(advanced.map((shipment) => [shipment.id, shipment]))
      return { shipments: checked.shipments.map((shipment) => now.get(shipment.id) ?? shipment), failed_order_ids: recorded.failed }
    })
  )
})

export const createShipmentOrderWorkflowId = "pickup-point-create-shipment-order-workflow"

/**
 * The same for one order: its shipment as it is after it, or null for an
 * order this plugin does not ship; an error when its shipment could not be
 * built or recorded.
 */
export const createShipmentOrderWorkflow = createWorkflow(createShipmentOrderWorkflowId, (input: { order_id: string; recovered?: boolean }) => {
  const built = buildShipmentIntentsStep(transform({ input }, ({ input }) => ({ order_ids: [input.order_id], recovered: input.recovered })))
  const recorded = recordShipmentIntentsStep(built)
  const checked = cancelIntentsOfCancelledOrdersStep(recorded.shipments)
  advanceShipmentsStep(checked.to_advance)
  return new WorkflowResponse(orderShipmentStep(transform({ input, recorded }, ({ input, recorded }) => ({ order_id: input.order_id, failed_order_ids: recorded.failed }))))
})
