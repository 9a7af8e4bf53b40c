import { isDeepStrictEqual } from "node:util"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import {
  emailRequired,
  onePickupPointDelivery,
  phoneRequired,
  pickupPointUnavailable,
  pickupPointWrongCountry,
} from "../../modules/pickup-point/lib/checkout-refusals"
import { shipmentPhone } from "../../modules/pickup-point/lib/build-shipment-intent"
import { pickupPointSnapshot, type PickupPointSnapshot } from "../../modules/pickup-point/lib/pickup-point-snapshot"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { safeErrorMessage } from "./to-medusa-error"
import { chosenPickupPointCode, isPickupPointProvider } from "../../providers/pickup-point/service"

/** A shipping option chosen for a cart, with the data sent with it. */
export type PickupPointSelection = { option_id: string; data?: Record<string, unknown> | null }

/** A pickup-point selection that passed: its point, with the snapshot to store on the shipping method. */
export type ValidatedPickupPointSelection = { option_id: string; pickup_point_code: string; pickup_point: PickupPointSnapshot }

/**
 * Refuses, with a 400 the shopper can act on, any pickup-point shipping
 * option chosen without a point, with a point that is unknown or no longer
 * active, (a published option) with another point than its own
 * (`pickup_point_mismatch`), or with a point in another country than the
 * cart's shipping address (`pickup_point_wrong_country`; `shippingCountry`
 * is asked only for a pickup-point selection); other options pass. Answers
 * each pickup-point selection with its point's snapshot (for the method's
 * `data.pickup_point`).
 */
export async function validatePickupPointSelections(
  container: MedusaContainer,
  selections: PickupPointSelection[],
  shippingCountry: () => Promise<string | null | undefined> | string | null | undefined = () => undefined
): Promise<ValidatedPickupPointSelection[]> {
  const chosen = selections.filter((selection) => selection?.option_id)
  if (!chosen.length) {
    return []
  }
  const options = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions({ id: chosen.map((s) => s.option_id) }, { select: ["id", "provider_id", "data"] })
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const validated: ValidatedPickupPointSelection[] = []
  for (const option of options.filter((o) => isPickupPointProvider(o.provider_id))) {
    const selection = chosen.find((s) => s.option_id === option.id)
    // The provider's own rule: a published option's point is not overridden, and a code is bounded.
    const code = chosenPickupPointCode(option.data ?? undefined, selection?.data ?? undefined)
    const point = await pickupPoints.retrieveActivePickupPoint(code)
    if (!point) {
      throw pickupPointUnavailable()
    }
    const country = await shippingCountry()
    if (country && point.country_code && country.toLowerCase() !== point.country_code.toLowerCase()) {
      throw pickupPointWrongCountry()
    }
    validated.push({ option_id: option.id, pickup_point_code: code, pickup_point: pickupPointSnapshot(point) })
  }
  return validated
}

/**
 * Refuses (400 `phone_required`) to place a pickup-point order without a
 * phone number: the point texts the shopper when the parcel arrives, and the
 * service refuses a shipment order without one. The phone is the shipping
 * address's, else the customer's, as the shipment order takes it.
 */
export function requirePickupPointPhone(input: { pickup_point_methods: number; phones: (string | null | undefined)[] }): void {
  if (input.pickup_point_methods > 0 && !shipmentPhone(...input.phones)) {
    throw phoneRequired()
  }
}

/**
 * Refuses a cart the plugin could not ship as it was chosen: two pickup-point
 * deliveries (`one_pickup_point_delivery`: one shipment order, one parcel, per
 * order), or no e-mail address (`email_required`: the carrier sends the
 * collection details to it, and refuses a shipment order without one).
 */
export function requirePickupPointOrderFacts(input: { pickup_point_methods: number; email: string | null | undefined }): void {
  if (input.pickup_point_methods > 1) {
    throw onePickupPointDelivery()
  }
  if (input.pickup_point_methods > 0 && !input.email?.trim()) {
    throw emailRequired()
  }
}

/** A cart's contact details, as the phone rule reads them. */
export type CartContact = { customer_id?: string | null; shipping_address?: { phone?: string | null } | null }

/**
 * requirePickupPointPhone for a cart: the shipping address's phone, else (read only then) the
 * customer's.
 */
export async function requireCartPickupPointPhone(container: MedusaContainer, cart: CartContact, pickupPointMethods: number): Promise<void> {
  const addressPhone = cart.shipping_address?.phone
  if (!pickupPointMethods || shipmentPhone(addressPhone)) {
    return
  }
  const [customer] = cart.customer_id
    ? await container.resolve(Modules.CUSTOMER).listCustomers({ id: cart.customer_id }, { select: ["id", "phone"], take: 1 })
    : []
  requirePickupPointPhone({ pickup_point_methods: pickupPointMethods, phones: [addressPhone, customer?.phone] })
}

/** What Medusa's addShippingMethodToCartWorkflow leaves of a cart's shipping methods when options are added. */
type CartShippingMethods = { shipping_methods?: ({ shipping_option_id?: string | null } | null)[] | null }

/**
 * Refuses (400 `one_pickup_point_delivery`) pickup-point options that would
 * leave a cart with two pickup-point deliveries: two chosen at once, or one
 * next to a pickup-point method of another shipping profile, which Medusa
 * keeps (it replaces only the methods of the profiles chosen). Said when the
 * shopper chooses, not at the completion, where the same rule holds.
 */
export async function requireOnePickupPointDelivery(
  container: MedusaContainer,
  cart: CartShippingMethods | null | undefined,
  chosenOptionIds: string[],
  pickupPointOptionIds: string[]
): Promise<void> {
  if (!pickupPointOptionIds.length) {
    return
  }
  // Counted by what is chosen: the same option twice would be two methods too.
  if (chosenOptionIds.filter((id) => pickupPointOptionIds.includes(id)).length > 1) {
    throw onePickupPointDelivery()
  }
  const kept = (cart?.shipping_methods ?? []).flatMap((method) => (method?.shipping_option_id ? [method.shipping_option_id] : []))
  if (!kept.length) {
    return
  }
  const options = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions({ id: [...new Set([...kept, ...chosenOptionIds])] }, { select: ["id", "provider_id", "shipping_profile_id"] })
  const chosenProfiles = new Set(options.filter((o) => chosenOptionIds.includes(o.id)).map((o) => o.shipping_profile_id))
  const keepsPickupPoint = options.some(
    (o) => kept.includes(o.id) && !chosenOptionIds.includes(o.id) && o.shipping_profile_id && !chosenProfiles.has(o.shipping_profile_id) && isPickupPointProvider(o.provider_id)
  )
  if (keepsPickupPoint) {
    throw onePickupPointDelivery()
  }
}

/**
 * Checks a cart's pickup point again before it is completed, for checkouts
 * that skip steps or a point deactivated since it was chosen, and that a
 * pickup-point order has one pickup-point delivery, an e-mail address and a
 * phone number, in as few reads as the cart allows: the cart and its shipping methods from the Cart Module, their
 * options' providers, and the customer's phone only for a pickup-point cart
 * whose address has none. Every completion of the store passes here (the
 * middleware calls it without a workflow run). Answers the cart's
 * pickup-point selections. With `refreshSnapshots`, a method whose stored
 * details of its point differ from the catalog's now (an address the store
 * corrected since the shopper chose it) gets the catalog's, so that the
 * order says where the parcel really goes.
 */
export async function validateCartPickupPoints(
  container: MedusaContainer,
  cartId: string,
  options: { refreshSnapshots?: boolean } = {}
): Promise<ValidatedPickupPointSelection[]> {
  const [cart] = await container
    .resolve(Modules.CART)
    .listCarts({ id: cartId }, { select: ["id", "completed_at", "customer_id", "email"], relations: ["shipping_address", "shipping_methods"], take: 1 })
  // A cart completed already passes: completion must stay idempotent when retried after the order exists.
  if (!cart || cart.completed_at) {
    return []
  }
  const selections = (cart.shipping_methods ?? []).flatMap((method) =>
    method?.shipping_option_id ? [{ option_id: method.shipping_option_id, data: method.data ?? null }] : []
  )
  const validated = await validatePickupPointSelections(container, selections, () => cart.shipping_address?.country_code)
  // Counted by method: two methods of the same option are two deliveries.
  const pickupPointMethods = selections.filter((selection) => validated.some((v) => v.option_id === selection.option_id)).length
  requirePickupPointOrderFacts({ pickup_point_methods: pickupPointMethods, email: cart.email })
  await requireCartPickupPointPhone(container, cart, validated.length)
  if (options.refreshSnapshots) {
    const stale = (cart.shipping_methods ?? []).flatMap((method) => {
      const fresh = validated.find((v) => v.option_id === method?.shipping_option_id)
      return method && fresh && !isDeepStrictEqual(method.data?.pickup_point, fresh.pickup_point)
        ? [{ id: method.id, data: { ...method.data, pickup_point_code: fresh.pickup_point_code, pickup_point: fresh.pickup_point } }]
        : []
    })
    if (stale.length) {
      // Not a reason to refuse the order: a method replaced meanwhile (another tab) is no longer there to update,
      // and the order then keeps the details from when the point was chosen.
      await container
        .resolve(Modules.CART)
        .updateShippingMethods(stale)
        .catch((error: unknown) =>
          container
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(`[pickup-point] cart ${cartId}: the point's current details could not be stored on its shipping method: ${safeErrorMessage(error)}`)
        )
    }
  }
  return validated
}
