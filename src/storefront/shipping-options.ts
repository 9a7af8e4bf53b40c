/**
 * The fulfillment option id of the plugin's provider, which Medusa copies
 * into every pickup-point shipping option's `data.id` (and the plugin's
 * published options carry `pickup_point_code` next to it). Kept equal to
 * `PICKUP_POINT_OPTION.id` of the provider by a unit test, so that this file
 * needs no server import.
 */
export const PICKUP_POINT_OPTION_ID = "pickup-point"

/** The shipping-option type code the plugin gives published points and the docs suggest for the generic option. */
export const PICKUP_POINT_OPTION_TYPE_CODES: readonly string[] = ["pickup-point", "pickup_point"]

/** The parts of a store shipping option (`GET /store/shipping-options?cart_id=`) these helpers read. */
export type ShippingOptionLike = {
  id: string
  data?: Record<string, unknown> | null
  type?: { code?: string | null } | null
}

/** Whether the option delivers to a pickup point, whether the shopper chooses the point or the option is one point's. */
export function isPickupPointOption(option: ShippingOptionLike | null | undefined): boolean {
  if (!option) return false
  if (option.data?.id === PICKUP_POINT_OPTION_ID) return true
  if (publishedPickupPointCode(option)) return true
  const typeCode = option.type?.code
  return typeof typeCode === "string" && PICKUP_POINT_OPTION_TYPE_CODES.includes(typeCode)
}

/** The point a published option is for (its `data.pickup_point_code`), or null for an option whose point the shopper chooses. */
export function publishedPickupPointCode(option: ShippingOptionLike | null | undefined): string | null {
  const code = option?.data?.pickup_point_code
  return typeof code === "string" && code.trim() ? code.trim() : null
}

/** Whether the shopper must choose a point before this option can be added to the cart. */
export function needsPickupPointChoice(option: ShippingOptionLike | null | undefined): boolean {
  return isPickupPointOption(option) && !publishedPickupPointCode(option)
}

/**
 * The options to list beside a point picker. Published points' own options
 * are made for storefronts without one; where an option lets the shopper
 * choose the point, the picker offers those points too (nearest first), so
 * listing them as well would offer a point in another city as an option of
 * its own. They are left out then, except `keepId` (the cart's method, say);
 * without such an option every option is listed.
 */
export function optionsForPointPicker<T extends ShippingOptionLike>(options: readonly T[], keepId?: string | null): T[] {
  if (!options.some(needsPickupPointChoice)) return [...options]
  return options.filter((option) => option.id === keepId || !publishedPickupPointCode(option))
}

/** The body of `POST /store/carts/:id/shipping-methods` (or `sdk.store.cart.addShippingMethod`) for a chosen point. */
export function pickupPointShippingMethod(
  optionId: string,
  point: { code: string } | string
): { option_id: string; data: { pickup_point_code: string } } {
  return { option_id: optionId, data: { pickup_point_code: typeof point === "string" ? point : point.code } }
}
