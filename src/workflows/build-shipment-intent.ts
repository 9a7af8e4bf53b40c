import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  buildShipmentIntentStep,
  SHIPMENT_OPTION_FIELDS,
  SHIPMENT_ORDER_FIELDS,
  type QueriedOrder,
  type QueriedShippingOption,
} from "./steps/build-shipment-intent"

export const buildShipmentIntentWorkflowId = "pickup-point-build-shipment-intent-workflow"

/**
 * What the service's create needs for an order, read from the order as it
 * is now (its items, contact and shipping method, and where the option
 * ships from); null for an order this plugin does not ship.
 */
export const buildShipmentIntentWorkflow = createWorkflow(buildShipmentIntentWorkflowId, (input: { order_id: string }) => {
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
  return new WorkflowResponse(
    buildShipmentIntentStep(
      transform({ orders, options }, ({ orders, options }) => ({
        order: (orders[0] as unknown as QueriedOrder | undefined) ?? null,
        shipping_options: options as QueriedShippingOption[],
      }))
    )
  )
})
