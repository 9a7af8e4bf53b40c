import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { safeErrorMessage } from "../utils/to-medusa-error"
import { buildIntentOfOrder, intentContext, readOrdersForShipment } from "./build-shipment-intent"

export const buildShipmentIntentsStepId = "pickup-point-build-shipment-intents"

/**
 * The intents of a batch of orders (see buildIntentOfOrder), their orders
 * read together (readOrdersForShipment). Orders this plugin does not ship
 * have none. An order whose intent cannot be built is logged and listed in
 * `failed`, and the others go on (the order sweep records it later). No
 * compensation: it only reads.
 */
export const buildShipmentIntentsStep = createStep(
  buildShipmentIntentsStepId,
  async (input: { order_ids: string[]; recovered?: boolean }, { container }) => {
    const intents: ShipmentIntent[] = []
    const failed: string[] = []
    if (!input.order_ids.length) return new StepResponse({ intents, failed })
    const { orders, options } = await readOrdersForShipment(container, input.order_ids)
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
