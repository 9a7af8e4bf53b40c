import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { buildShipmentIntent, type OrderForShipment } from "../../modules/pickup-point/lib/build-shipment-intent"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"
import { ITEM_TOTAL_FIELDS, orderItemTotal, withItemDetail, type QueriedPricedItem } from "../utils/order-item-total"

export const buildShipmentIntentStepId = "pickup-point-build-shipment-intent"

/** The order fields the service's create is built from; the goods value from the items' prices (see orderItemTotal). */
export const SHIPMENT_ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "email",
  "currency_code",
  "created_at",
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
  "items.variant.weight",
  "items.variant.length",
  "items.variant.height",
  "items.variant.width",
  ...ITEM_TOTAL_FIELDS,
  "shipping_methods.amount",
  "shipping_methods.data",
  "shipping_methods.shipping_option_id",
]

export const SHIPMENT_OPTION_FIELDS = ["id", "provider_id", "service_zone.fulfillment_set.location.id"]

export type QueriedOrder = Omit<OrderForShipment, "item_total" | "items"> & {
  status?: string
  items: (Omit<OrderForShipment["items"][number], "quantity"> & QueriedPricedItem)[]
  shipping_methods?: ({ amount: number; data?: Record<string, unknown> | null; shipping_option_id?: string | null } | null)[]
}
export type QueriedShippingOption = {
  id: string
  provider_id?: string | null
  service_zone?: { fulfillment_set?: { location?: { id?: string } | null } | null } | null
}

/**
 * Builds what the service's create needs from the order as it is now; null
 * for an order that does not ship with this plugin's provider, that was
 * cancelled before its shipment was recorded, or that is still a draft (the
 * sweep finds such orders too). No compensation: it only reads.
 */
export const buildShipmentIntentStep = createStep(
  buildShipmentIntentStepId,
  async (input: { order: QueriedOrder | null; shipping_options: QueriedShippingOption[] }, { container }) => {
    const { order } = input
    const option = input.shipping_options.find((candidate) => isPickupPointProvider(candidate.provider_id))
    const method = option && order?.shipping_methods?.find((m) => m?.shipping_option_id === option.id)
    const code = method ? pickupPointCodeOf(method.data ?? undefined) : undefined
    // A draft is not placed: nobody has bought it yet (an admin may still edit or delete it).
    if (!order || order.status === "canceled" || order.status === "draft" || !option || !method || !code) {
      return new StepResponse(null)
    }
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const pickupPoint = await pickupPoints.retrieveActivePickupPoint(code)
    const items = order.items.map(withItemDetail)
    return new StepResponse(
      buildShipmentIntent({ ...order, items, item_total: orderItemTotal(items) }, {
        options: pickupPoints.options,
        pickupPointCode: code,
        pickupPoint: pickupPoint as unknown as Record<string, unknown> | null,
        shippingAmount: Number(method.amount),
        stockLocationId: option.service_zone?.fulfillment_set?.location?.id,
        orderCountInCurrentYear: await pickupPoints.countConfirmedThisYear(),
      })
    )
  }
)
