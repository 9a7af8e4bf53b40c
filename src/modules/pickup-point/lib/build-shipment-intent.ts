import type { CreateShipmentOrderInput, OrderItem } from "../../../lib/shipment-orders"
import type { ResolvedPluginOptions } from "../options"
import type { ShipmentIntent } from "../types"

type Dimensions = {
  weight?: number | null
  length?: number | null
  height?: number | null
  width?: number | null
}

/** The parts of a Medusa order the shipment order is made from (as Query returns them). */
export type OrderForShipment = {
  id: string
  display_id: number
  email?: string | null
  currency_code: string
  created_at: string | Date
  item_total: number
  metadata?: Record<string, unknown> | null
  shipping_address?: { first_name?: string | null; last_name?: string | null; phone?: string | null } | null
  customer?: { first_name?: string | null; last_name?: string | null; phone?: string | null } | null
  items: {
    title: string
    product_title?: string | null
    variant_title?: string | null
    variant_sku?: string | null
    quantity: number
    variant?: Dimensions | null
  }[]
}

export type ShipmentContext = {
  options: ResolvedPluginOptions
  pickupPointCode: string
  pickupPoint: Record<string, unknown> | null
  /** The amount of the order's pickup-point shipping method. */
  shippingAmount: number
  /** The Medusa stock location the order ships from, when known. */
  stockLocationId?: string | null
  orderCountInCurrentYear: number
}

/**
 * The phone a shipment order gives the carrier: the first of the shipping
 * address's and the customer's that is not blank, trimmed. The checkout's
 * phone check asks the same, so an order it lets through has one.
 */
export function shipmentPhone(...candidates: (string | null | undefined)[]): string | undefined {
  return candidates.map((phone) => phone?.trim()).find((phone) => !!phone)
}

/** Whether the order's customer is read for its shipment: its address has no name or no phone (see buildShipmentIntent). */
export function needsCustomer(order: Pick<OrderForShipment, "shipping_address">): boolean {
  const address = order.shipping_address ?? {}
  return !shipmentPhone(address.phone) || !fullName(address.first_name, address.last_name)
}

/**
 * Maps an order to the service's create request (spec 4.1). A missing datum
 * the service requires (the customer's phone, say) does not throw: it comes
 * back as `problem`, so that the shipment is recorded as failed with a
 * message an admin can act on, instead of disappearing.
 */
export function buildShipmentIntent(order: OrderForShipment, context: ShipmentContext): ShipmentIntent {
  const { options } = context
  const orderNumber = `${options.orderNumberPrefix}${order.display_id}`
  const address = order.shipping_address ?? {}
  const phone = shipmentPhone(address.phone, order.customer?.phone) ?? ""
  const customer =
    fullName(address.first_name, address.last_name) ||
    fullName(order.customer?.first_name, order.customer?.last_name) ||
    (order.email ?? "")

  const rows: OrderItem[] = order.items.map((item) => {
    const unit = toMetric(item.variant, options)
    return {
      productCode: item.variant_sku || undefined,
      description: [item.product_title || item.title, item.variant_title].filter(Boolean).join(" - "),
      notes: item.quantity > 1 ? `Quantity ${item.quantity}` : undefined,
      width: unit.width,
      height: unit.height,
      depth: unit.length,
      grossWeight: unit.weight === undefined ? undefined : round(unit.weight * item.quantity, 3),
      volume: unit.volume === undefined ? undefined : String(round(unit.volume * item.quantity, 0)),
    }
  })
  const goodsValue = round(Number(order.item_total), 2)

  const request: CreateShipmentOrderInput = {
    customer,
    customerEmail: order.email ?? "",
    customerPhone: phone,
    orderNumber,
    orderNumberRif: orderNumber,
    reference: order.id,
    orderDate: compactDateIn(order.created_at, options.timeZone),
    description: `Order ${orderNumber}`,
    notes: typeof order.metadata?.pickup_point_notes === "string" ? order.metadata.pickup_point_notes : undefined,
    codePickupPoint: context.pickupPointCode,
    codePickingPoint:
      (context.stockLocationId && options.warehouses.byStockLocation[context.stockLocationId]) ||
      options.warehouses.default,
    ...packageOf(order.items, options),
    goodsValue,
    currencyGoodsValue: order.currency_code.toUpperCase(),
    insured: isInsured(goodsValue, options),
    labelType: options.labelType,
    proximityPrice: round(Number(context.shippingAmount), 2),
    orderCountInCurrentYear: context.orderCountInCurrentYear,
    rows,
  }

  const problems = [
    !phone && "The order has no phone number, which the carrier requires: add one to the shipping address, then retry the shipment.",
    !order.email && "The order has no e-mail address, which the carrier requires.",
  ].filter(Boolean)

  return {
    order_id: order.id,
    order_number: orderNumber,
    pickup_point_code: context.pickupPointCode,
    pickup_point: context.pickupPoint,
    request,
    problem: problems.length ? problems.join(" ") : undefined,
  }
}

function isInsured(goodsValue: number, options: ResolvedPluginOptions): boolean {
  if (!options.insuranceEnabled || options.insurance === "never") {
    return false
  }
  return options.insurance === "always" || goodsValue >= options.insurance.minGoodsValue
}

/** The package: the widest and deepest item, items stacked in height, weights and volumes summed. */
function packageOf(items: OrderForShipment["items"], options: ResolvedPluginOptions) {
  const units = items.map((item) => ({ quantity: item.quantity, ...toMetric(item.variant, options) }))
  const known = (key: "width" | "length" | "height" | "weight" | "volume") => units.every((u) => u[key] !== undefined)
  return {
    width: known("width") ? Math.max(...units.map((u) => u.width!)) : undefined,
    depth: known("length") ? Math.max(...units.map((u) => u.length!)) : undefined,
    height: known("height") ? round(units.reduce((sum, u) => sum + u.height! * u.quantity, 0), 1) : undefined,
    grossWeight: known("weight") ? round(units.reduce((sum, u) => sum + u.weight! * u.quantity, 0), 3) : undefined,
    volume: known("volume") ? round(units.reduce((sum, u) => sum + u.volume! * u.quantity, 0), 0) : undefined,
  }
}

/** One unit of a variant in the service's units: cm and kg. */
function toMetric(variant: Dimensions | null | undefined, options: ResolvedPluginOptions) {
  const length = options.dimensionUnit === "mm" ? 0.1 : 1
  const size = (value?: number | null) => (value == null ? undefined : round(value * length, 1))
  const width = size(variant?.width)
  const height = size(variant?.height)
  const depth = size(variant?.length)
  return {
    width,
    height,
    length: depth,
    weight: variant?.weight == null ? undefined : variant.weight / (options.weightUnit === "g" ? 1000 : 1),
    volume: width !== undefined && height !== undefined && depth !== undefined ? width * height * depth : undefined,
  }
}

function fullName(first?: string | null, last?: string | null): string {
  return [first, last].filter(Boolean).join(" ").trim()
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

// Making a formatter costs more than formatting with it: one per zone.
const dateFormatters = new Map<string, Intl.DateTimeFormat>()

/** `yyyyMMdd` of a moment, in the store's time zone. */
export function compactDateIn(moment: string | Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    dateFormatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(new Date(moment))
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part("year")}${part("month")}${part("day")}`
}

/**
 * The intent under another identity on the service: an order's next
 * shipment order (after a change of pickup point) needs an order number and
 * reference of its own, since the service finds an order by its number and
 * keeps the cancelled one under the old.
 */
export function withServiceIdentity(intent: ShipmentIntent, identity: { order_number: string; reference: string }): ShipmentIntent {
  return {
    ...intent,
    order_number: identity.order_number,
    request: intent.request
      ? { ...intent.request, orderNumber: identity.order_number, orderNumberRif: identity.order_number, reference: identity.reference }
      : null,
  }
}
