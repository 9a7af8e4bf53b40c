import { decorateCartTotals } from "@medusajs/framework/utils"

/**
 * The item fields Medusa's totals are computed from: an order's `item_total`
 * needs these and no more. An order item's quantity, and a price an order
 * edit set, are on its `detail` (the order's own row for the item); Query
 * returns `items.quantity` only when it loads the whole order for totals.
 */
export const ITEM_TOTAL_FIELDS = [
  "items.id",
  "items.unit_price",
  "items.detail.unit_price",
  "items.detail.quantity",
  "items.detail.return_received_quantity",
  "items.detail.return_dismissed_quantity",
  "items.is_tax_inclusive",
  "items.tax_lines.rate",
  "items.adjustments.amount",
  "items.adjustments.is_tax_inclusive",
]

type ItemDetail = {
  unit_price?: number | null
  quantity?: number | null
  return_received_quantity?: number | null
  return_dismissed_quantity?: number | null
}

/** An order item as Query returns it for ITEM_TOTAL_FIELDS. */
export type QueriedPricedItem = {
  id?: string
  unit_price?: number | null
  quantity?: number | null
  is_tax_inclusive?: boolean | null
  detail?: ItemDetail | null
  tax_lines?: ({ rate: number } | null)[] | null
  adjustments?: ({ amount: number; is_tax_inclusive?: boolean | null } | null)[] | null
}

/** The item with its quantity and price read from its detail first, as the Order Module shapes an order item. */
export function withItemDetail<T extends QueriedPricedItem>(item: T): T & { quantity: number; unit_price: number } {
  const quantity = item.detail?.quantity ?? item.quantity
  const unitPrice = item.detail?.unit_price ?? item.unit_price
  // Never a goods value of 0 from a shape Query stopped returning: the creation fails and says so.
  if (quantity == null || unitPrice == null) {
    throw new Error(`Order item ${item.id ?? "(no id)"} came without its quantity or unit price; was ITEM_TOTAL_FIELDS queried?`)
  }
  return { ...item, quantity: Number(quantity), unit_price: Number(unitPrice) }
}

/**
 * What the order's items cost the shopper (Medusa's `item_total`: taxes in,
 * discounts out), computed by Medusa's own totals on the items' raw prices
 * (read through withItemDetail).
 * Asking Query for `item_total` instead makes the Order Module load the whole
 * order (credit lines, shipping methods with their tax lines and
 * adjustments) and total all of it: about 12 ms an order, where this costs 4.
 */
export function orderItemTotal(items: ReturnType<typeof withItemDetail>[]): number {
  // decorateCartTotals writes its results into what it is given: a copy.
  const copy = structuredClone(items)
  const { item_total } = decorateCartTotals({ items: copy } as Parameters<typeof decorateCartTotals>[0])
  return Number(item_total ?? 0)
}
