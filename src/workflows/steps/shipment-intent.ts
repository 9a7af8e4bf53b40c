import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { buildShipmentIntent, type OrderForShipment } from "../../modules/pickup-point/build-shipment-intent"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"
import { creationEvents, emitShipmentEvents } from "../shipment-events"

const ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "currency_code",
  "created_at",
  "item_total",
  "metadata",
  "shipping_address.first_name",
  "shipping_address.last_name",
  "shipping_address.phone",
  "customer.first_name",
  "customer.last_name",
  "customer.phone",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.quantity",
  "items.variant.weight",
  "items.variant.length",
  "items.variant.height",
  "items.variant.width",
  "shipping_methods.amount",
  "shipping_methods.data",
  "shipping_methods.shipping_option_id",
]

type Input = { order_id: string }

/** What the queries below return, typed here so the step does not depend on generated types. */
type QueriedOrder = OrderForShipment & {
  shipping_methods?: ({ amount: number; data?: Record<string, unknown> | null; shipping_option_id?: string | null } | null)[]
}
type QueriedShippingOption = {
  id: string
  provider_id?: string | null
  service_zone?: { fulfillment_set?: { location?: { id?: string } | null } | null } | null
}

/**
 * Builds, from the order as it is now, what the service's create needs; null
 * for an order that does not ship with this plugin's provider.
 */
export const buildShipmentIntentStep = createStep("build-shipment-intent", async ({ order_id }: Input, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)

  const { data: orders } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: order_id } })
  const order = orders[0] as unknown as QueriedOrder | undefined
  if (!order) {
    return new StepResponse(null)
  }
  const optionIds = order.shipping_methods?.map((method) => method?.shipping_option_id).filter(Boolean) as string[]
  const options = (
    optionIds.length
      ? (
          await query.graph({
            entity: "shipping_option",
            fields: ["id", "provider_id", "service_zone.fulfillment_set.location.id"],
            filters: { id: optionIds },
          })
        ).data
      : []
  ) as QueriedShippingOption[]
  const option = options.find((candidate) => isPickupPointProvider(candidate.provider_id))
  const method = option && order.shipping_methods?.find((m) => m?.shipping_option_id === option.id)
  const code = method ? pickupPointCodeOf(method.data ?? undefined) : undefined
  if (!option || !method || !code) {
    return new StepResponse(null)
  }

  const pickupPoint = await pickupPoints.retrieveActivePickupPoint(code)
  const intent = buildShipmentIntent(order, {
    options: pickupPoints.options,
    pickupPointCode: code,
    pickupPoint: pickupPoint as unknown as Record<string, unknown> | null,
    shippingAmount: Number(method.amount),
    stockLocationId: option.service_zone?.fulfillment_set?.location?.id,
    orderCountInCurrentYear: await pickupPoints.countConfirmedThisYear(),
  })
  return new StepResponse(intent)
})

/** Records the intent before any call to the service, once per order. */
export const recordShipmentIntentStep = createStep(
  "record-shipment-intent",
  async (intent: ShipmentIntent | null, { container }) => {
    if (!intent) {
      return new StepResponse(null)
    }
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const { shipment, created } = await pickupPoints.recordShipmentIntent(intent)
    // A shipment recorded as failed at once (data missing from the order) is announced.
    if (created) await emitShipmentEvents(container, creationEvents("pending", shipment))
    return new StepResponse(shipment)
  }
)
