import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { buildShipmentIntent, needsCustomer, type OrderForShipment } from "../../modules/pickup-point/lib/build-shipment-intent"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"
import { ITEM_TOTAL_FIELDS, orderItemTotal, withItemDetail, type QueriedPricedItem } from "../utils/order-item-total"

export const buildShipmentIntentStepId = "pickup-point-build-shipment-intent"

/** The order fields the service's create is built from; the goods value from the items' prices (see orderItemTotal). */
/** The order fields but the customer's, which only an address without a name or phone needs (needsCustomer). */
export const SHIPMENT_ORDER_FIELDS_BUT_CUSTOMER = [
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
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.variant.weight",
  "items.variant.length",
  "items.variant.height",
  "items.variant.width",
  "items.product_id",
  "items.requires_shipping",
  ...ITEM_TOTAL_FIELDS,
  "shipping_methods.amount",
  "shipping_methods.data",
  "shipping_methods.shipping_option_id",
]

/** The customer's fields, a read of the Customer Module of their own. */
export const SHIPMENT_CUSTOMER_FIELDS = ["customer.first_name", "customer.last_name", "customer.phone"]

export const SHIPMENT_ORDER_FIELDS = [...SHIPMENT_ORDER_FIELDS_BUT_CUSTOMER, ...SHIPMENT_CUSTOMER_FIELDS]

export const SHIPMENT_OPTION_FIELDS = ["id", "provider_id", "shipping_profile_id", "service_zone.fulfillment_set.location.id"]

export type QueriedOrder = Omit<OrderForShipment, "item_total" | "items"> & {
  status?: string
  items: (Omit<OrderForShipment["items"][number], "quantity"> & QueriedPricedItem & { product_id?: string | null; requires_shipping?: boolean | null })[]
  shipping_methods?: ({ amount: number; data?: Record<string, unknown> | null; shipping_option_id?: string | null } | null)[]
}
export type QueriedShippingOption = {
  id: string
  provider_id?: string | null
  shipping_profile_id?: string | null
  service_zone?: { fulfillment_set?: { location?: { id?: string } | null } | null } | null
}

/**
 * The order's items the pickup-point method ships: those that need shipping
 * (all of them when none says so: a converted draft's), and, in an order with another shipping method (a second shipping profile's
 * home delivery, say), those of the option's shipping profile; the parcel's
 * contents and goods value are theirs alone. An item whose product (and so
 * its profile) is gone stays in. The profiles are read only for an order with
 * several methods: with one, Medusa ships every item through it.
 */
async function itemsShippedBy(container: MedusaContainer, order: QueriedOrder, option: QueriedShippingOption): Promise<QueriedOrder["items"]> {
  const needing = order.items.filter((item) => item.requires_shipping !== false)
  // Medusa marks a draft order's item as needing shipping only when its variant manages inventory: an
  // order sent to a pickup point whose items all say they need none is such a draft, and they are its parcel.
  const shipped = needing.length ? needing : order.items
  if ((order.shipping_methods ?? []).filter(Boolean).length < 2 || !option.shipping_profile_id) {
    return shipped
  }
  const productIds = [...new Set(shipped.flatMap((item) => (item.product_id ? [item.product_id] : [])))]
  const { data: products } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product",
    fields: ["id", "shipping_profile.id"],
    filters: { id: productIds },
  })
  const profileOf = new Map(products.map((product) => [product.id, product.shipping_profile?.id]))
  return shipped.filter((item) => {
    const profile = item.product_id ? profileOf.get(item.product_id) : undefined
    return !profile || profile === option.shipping_profile_id
  })
}

/** What a batch's intents share: read once for the batch rather than once per order. */
export type IntentContext = {
  pickupPoints: PickupPointModuleService
  /** The year's count of shipped-off orders, sent with every create. */
  orderCountInCurrentYear(): Promise<number>
  /** The active point of a code, read once per code. */
  activePickupPoint(code: string): Promise<unknown>
}

export function intentContext(container: MedusaContainer): IntentContext {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const points = new Map<string, Promise<unknown>>()
  let count: Promise<number> | undefined
  return {
    pickupPoints,
    orderCountInCurrentYear: () => (count ??= pickupPoints.countConfirmedThisYear()),
    activePickupPoint: (code) => points.get(code) ?? points.set(code, pickupPoints.retrieveActivePickupPoint(code)).get(code)!,
  }
}

/**
 * What the service's create needs, built from the order as it is now; null
 * for an order that does not ship with this plugin's provider, that was
 * cancelled before its shipment was recorded, or that is still a draft (the
 * sweep finds such orders too).
 */
export async function buildIntentOfOrder(
  container: MedusaContainer,
  context: IntentContext,
  order: QueriedOrder | null,
  shippingOptions: QueriedShippingOption[]
): Promise<ShipmentIntent | null> {
  const orderOptions = shippingOptions.filter((candidate) => order?.shipping_methods?.some((m) => m?.shipping_option_id === candidate.id))
  const option = orderOptions.find((candidate) => isPickupPointProvider(candidate.provider_id))
  const method = option && order?.shipping_methods?.find((m) => m?.shipping_option_id === option.id)
  const code = method ? pickupPointCodeOf(method.data ?? undefined) : undefined
  // A draft is not placed: nobody has bought it yet (an admin may still edit or delete it).
  if (!order || order.status === "canceled" || order.status === "draft" || !option || !method || !code) {
    return null
  }
  const { pickupPoints } = context
  const pickupPoint = await context.activePickupPoint(code)
  const items = (await itemsShippedBy(container, order, option)).map(withItemDetail)
  const intent = buildShipmentIntent({ ...order, items, item_total: orderItemTotal(items) }, {
    options: pickupPoints.options,
    pickupPointCode: code,
    pickupPoint: pickupPoint as Record<string, unknown> | null,
    shippingAmount: Number(method.amount),
    stockLocationId: option.service_zone?.fulfillment_set?.location?.id,
    orderCountInCurrentYear: await context.orderCountInCurrentYear(),
  })
  // Checkout refuses it, but an order placed another way (a draft, a payment provider's webhook) can hold two.
  const pickupPointMethods = (order.shipping_methods ?? []).filter((m) => orderOptions.some((o) => o.id === m?.shipping_option_id && isPickupPointProvider(o.provider_id)))
  if (pickupPointMethods.length > 1) {
    const twoPoints =
      `The order has ${pickupPointMethods.length} pickup-point deliveries (items of several shipping profiles), and a shipment order is one parcel to one point: ` +
      `ship this order's items another way, and cancel this shipment order ("Cancel shipment order") so that it no longer waits for attention.`
    return { ...intent, problem: [intent.problem, twoPoints].filter(Boolean).join(" ") }
  }
  return intent
}

/**
 * The orders a shipment is built from, read by one query, and their shipping
 * options by another; the customers (a Customer Module read of their own)
 * only for the orders whose address lacks a name or a phone.
 */
export async function readOrdersForShipment(
  container: MedusaContainer,
  orderIds: string[]
): Promise<{ orders: QueriedOrder[]; options: QueriedShippingOption[] }> {
  if (!orderIds.length) return { orders: [], options: [] }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: SHIPMENT_ORDER_FIELDS_BUT_CUSTOMER, filters: { id: orderIds } })
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
  return { orders, options }
}

/** Builds the intent of one order as it is now (see buildIntentOfOrder); an error is thrown. No compensation: it only reads. */
export const buildShipmentIntentStep = createStep(buildShipmentIntentStepId, async (input: { order_id: string }, { container }) => {
  const { orders, options } = await readOrdersForShipment(container, [input.order_id])
  return new StepResponse(await buildIntentOfOrder(container, intentContext(container), orders[0] ?? null, options))
})
