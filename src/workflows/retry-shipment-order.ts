import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { advanceShipmentStep } from "./steps/advance-shipment"
import {
  buildShipmentIntentStep,
  SHIPMENT_OPTION_FIELDS,
  SHIPMENT_ORDER_FIELDS,
  type QueriedOrder,
  type QueriedShippingOption,
} from "./steps/build-shipment-intent"
import { retryShipmentStep } from "./steps/retry-shipment"

export const retryShipmentOrderWorkflowId = "pickup-point-retry-shipment-order-workflow"

/** Retries a failed shipment order with a request rebuilt from the order (say, after a phone number was added). */
export const retryShipmentOrderWorkflow = createWorkflow(retryShipmentOrderWorkflowId, (input: { shipment_id: string }) => {
  const { data: shipments } = useQueryGraphStep({
    entity: "pickup_point_shipment",
    fields: ["order_id"],
    filters: { id: input.shipment_id },
    options: { throwIfKeyNotFound: true },
  }).config({ name: "pickup-point-retried-shipment" })
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: SHIPMENT_ORDER_FIELDS,
    filters: transform({ shipments }, ({ shipments }) => ({ id: shipments[0].order_id as string })),
  }).config({ name: "pickup-point-retried-order" })
  const optionIds = transform({ orders }, ({ orders }) =>
    ((orders[0] as unknown as QueriedOrder | undefined)?.shipping_methods ?? []).flatMap((m) => (m?.shipping_option_id ? [m.shipping_option_id] : []))
  )
  const { data: options } = useQueryGraphStep({
    entity: "shipping_option",
    fields: SHIPMENT_OPTION_FIELDS,
    filters: { id: optionIds },
  }).config({ name: "pickup-point-retried-order-options" })
  const intent = buildShipmentIntentStep(
    transform({ orders, options }, ({ orders, options }) => ({
      order: (orders[0] as unknown as QueriedOrder | undefined) ?? null,
      shipping_options: options as QueriedShippingOption[],
    }))
  )
  const shipmentId = retryShipmentStep(transform({ input, intent }, ({ input, intent }) => ({ shipment_id: input.shipment_id, intent })))
  return new WorkflowResponse(advanceShipmentStep({ shipment_id: shipmentId }))
})
