import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { needsCustomer } from "../../modules/pickup-point/lib/build-shipment-intent"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { safeErrorMessage } from "../utils/to-medusa-error"
import {
  buildIntentOfOrder,
  intentContext,
  SHIPMENT_CUSTOMER_FIELDS,
  SHIPMENT_OPTION_FIELDS,
  SHIPMENT_ORDER_FIELDS_BUT_CUSTOMER,
  type QueriedOrder,
  type QueriedShippingOption,
} from "./build-shipment-intent"

export const buildShipmentIntentsStepId = "pickup-point-build-shipment-intents"

/**
 * The intents of a batch of orders (see buildIntentOfOrder): the orders read
 * by one query and their shipping options by another, where one order at a
 * time costs two queries per order; their customers only for the orders
 * whose address lacks a name or a phone. Orders this plugin does not ship have
 * none. An order whose intent cannot be built is logged and listed in
 * `failed`, and the others go on (the order sweep records it later). No
 * compensation: it only reads.
 */
export const buildShipmentIntentsStep = createStep(
  buildShipmentIntentsStepId,
  async (input: { order_ids: string[]; recovered?: boolean }, { container }) => {
    const intents: ShipmentIntent[] = []
    const failed: string[] = []
    if (!input.order_ids.length) return new StepResponse({ intents, failed })
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: SHIPMENT_ORDER_FIELDS_BUT_CUSTOMER, filters: { id: input.order_ids } })
    const orders = data as unknown as QueriedOrder[]
    const lacking = orders.filter(needsCustomer)
    if (lacking.length) {
      const { data: customers } = await query.graph({ entity: "order", fields: ["id", ...SHIPMENT_CUSTOMER_FIELDS], filters: { id: lacking.map((order) => order.id) } })
      const customerOf = new Map((customers as unknown as Pick<QueriedOrder, "id" | "customer">[]).map((order) => [order.id, order.customer]))
      for (const order of lacking) order.customer = customerOf.get(order.id) ?? null
    }
    const optionIds = [...new Set(orders.flatMap((order) => (order.shipping_methods ?? []).flatMap((m) => (m?.shipping_option_id ? [m.shipping_option_id] : []))))]
    const options = optionIds.length
      ? ((await query.graph({ entity: "shipping_option", fields: SHIPMENT_OPTION_FIELDS, filters: { id: optionIds } })).data as QueriedShippingOption[])
      : []
    const context = intentContext(container)
    for (const order of orders) {
      try {
        const intent = await buildIntentOfOrder(container, context, order, options)
        if (intent) intents.push(input.recovered ? { ...intent, recovered: true } : intent)
      } catch (error) {
        failed.push(order.id)
        container
          .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
          .error(`[pickup-point] the shipment of order ${order.display_id} (${order.id}) could not be built: ${safeErrorMessage(error)}`)
      }
    }
    return new StepResponse({ intents, failed })
  }
)
