import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { isCreationOpen } from "../modules/pickup-point/lib/statuses"
import { advanceShipmentStep } from "./steps/advance-shipment"
import {
  buildShipmentIntentStep,
  SHIPMENT_OPTION_FIELDS,
  SHIPMENT_ORDER_FIELDS,
  type QueriedOrder,
  type QueriedShippingOption,
} from "./steps/build-shipment-intent"
import { recordShipmentIntentStep } from "./steps/record-shipment-intent"

export const createShipmentOrderWorkflowId = "pickup-point-create-shipment-order-workflow"

/**
 * Creates the shipment order of a placed order on the service: records the
 * intent, then creates it (or, after an unknown outcome, finds it). When the
 * service is down the shipment stays pending and the retry job goes on.
 * `recovered` (the order sweep) has the order looked up on the service first.
 */
export const createShipmentOrderWorkflow = createWorkflow(createShipmentOrderWorkflowId, (input: { order_id: string; recovered?: boolean }) => {
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: SHIPMENT_ORDER_FIELDS,
    filters: { id: input.order_id },
  }).config({ name: "pickup-point-shipment-order" })
  const optionIds = transform({ orders }, ({ orders }) =>
    ((orders[0] as unknown as QueriedOrder | undefined)?.shipping_methods ?? []).flatMap((m) => (m?.shipping_option_id ? [m.shipping_option_id] : []))
  )
  const { data: options } = useQueryGraphStep({
    entity: "shipping_option",
    fields: SHIPMENT_OPTION_FIELDS,
    filters: { id: optionIds },
  }).config({ name: "pickup-point-shipment-order-options" })
  const built = buildShipmentIntentStep(
    transform({ orders, options }, ({ orders, options }) => ({
      order: (orders[0] as unknown as QueriedOrder | undefined) ?? null,
      shipping_options: options as QueriedShippingOption[],
    }))
  )
  const intent = recordShipmentIntentStep(
    transform({ built, input }, ({ built, input }) => (built ? { ...built, recovered: !!input.recovered } : null))
  )
  const shipmentId = transform({ intent }, ({ intent }) => (intent && isCreationOpen(intent.status) ? intent.id : null))
  const shipment = advanceShipmentStep({ shipment_id: shipmentId })
  return new WorkflowResponse(transform({ intent, shipment }, ({ intent, shipment }) => shipment ?? intent))
})
