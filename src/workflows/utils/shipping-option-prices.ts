import type { PickupPointDeliveryPrice } from "../steps/plan-pickup-point-delivery-setup"

/** A shipping option's price as Query reads it: a region's price carries a `region_id` rule. */
export type ShippingOptionPriceRead = {
  currency_code: string
  amount: number
  price_rules?: { attribute: string; value: string }[] | null
}

/**
 * An option's prices as the setup takes them: by region where a price has a region rule, else by
 * currency. A price with any other rule (a free shipping threshold, say) is not one the setup sets, and
 * is left out.
 */
export function optionPrices(prices: ShippingOptionPriceRead[]): PickupPointDeliveryPrice[] {
  return prices.flatMap((price) => {
    const rules = price.price_rules ?? []
    if (rules.some((rule) => rule.attribute !== "region_id")) return []
    const region = rules.find((rule) => rule.attribute === "region_id")?.value
    return [region ? { region_id: region, amount: Number(price.amount) } : { currency_code: price.currency_code.toLowerCase(), amount: Number(price.amount) }]
  })
}

/** Prices as asked, with currency codes as Medusa stores them (lower case). */
export function normalizedPrices(prices: PickupPointDeliveryPrice[]): PickupPointDeliveryPrice[] {
  return prices.map((price) => ("currency_code" in price ? { ...price, currency_code: price.currency_code.toLowerCase() } : price))
}

/** Whether every price asked for is already one of the option's, for the same currency or region. */
export function hasEveryPrice(current: PickupPointDeliveryPrice[], asked: PickupPointDeliveryPrice[]): boolean {
  return asked.every((price) =>
    current.some((held) =>
      "region_id" in price
        ? "region_id" in held && held.region_id === price.region_id && held.amount === price.amount
        : "currency_code" in held && held.currency_code.toLowerCase() === price.currency_code.toLowerCase() && held.amount === price.amount
    )
  )
}
