import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import type { CreateFulfillmentResult, FulfillmentOption } from "@medusajs/framework/types"
import { pickupPointCodeInvalid, pickupPointMismatch, pickupPointRequired } from "../../modules/pickup-point/lib/checkout-refusals"
import { isStorableText } from "../../modules/pickup-point/lib/storable-text"
import { snapshotFor } from "../../modules/pickup-point/lib/pickup-point-snapshot"

/** The option a "pickup point, shopper chooses" shipping option is created from. */
export const PICKUP_POINT_OPTION = { id: "pickup-point", name: "Pickup point (shopper chooses)" }

/** Where the chosen point travels: the shipping method's data, or a published option's data. */
export function pickupPointCodeOf(...sources: (Record<string, unknown> | undefined)[]): string | undefined {
  for (const source of sources) {
    const code = source?.pickup_point_code
    if (typeof code === "string" && code.trim()) {
      return code.trim()
    }
  }
  return undefined
}

/**
 * Set in a fulfillment's data when the carrier reports its shipment order
 * cancelled after the label (the plugin's tracking sync writes it): the
 * fulfillment may then be cancelled.
 */
export const CARRIER_CANCELLED_AT = "carrier_cancelled_at"

/** The longest pickup-point code the catalog takes (see pickupPointInputSchema). */
export const MAX_PICKUP_POINT_CODE = 64

/**
 * The point a shipping method goes to: a published option's own point, which
 * the shopper's `data` can repeat but never change (that would ship to
 * another point at this option's price), or else the shopper's choice.
 * Throws the shopper-facing refusal when there is none or it is unusable.
 */
export function chosenPickupPointCode(optionData: Record<string, unknown> | undefined, data: Record<string, unknown> | undefined): string {
  const published = pickupPointCodeOf(optionData)
  const given = pickupPointCodeOf(data)
  if (published && given && given !== published) {
    throw pickupPointMismatch()
  }
  const code = published ?? given
  if (!code) {
    throw pickupPointRequired()
  }
  if (code.length > MAX_PICKUP_POINT_CODE || !isStorableText(code)) {
    throw pickupPointCodeInvalid()
  }
  return code
}

/**
 * Fulfillment provider for delivery to a pickup point through the Shipment
 * Orders Service. It carries the pickup point from checkout to the
 * fulfillment; the calls to the service are made by the plugin's workflows,
 * which (unlike a provider) can reach the plugin's module and the File Module.
 */
export class PickupPointFulfillmentService extends AbstractFulfillmentProviderService {
  static identifier = "pickup-point"

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return [PICKUP_POINT_OPTION]
  }

  async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return data.id === PICKUP_POINT_OPTION.id
  }

  async canCalculate(): Promise<boolean> {
    return false
  }

  /**
   * Its options have a flat price, shown with the store's list of options;
   * a storefront that asks to calculate one anyway (`POST
   * /store/shipping-options/:id/calculate`) gets a clear 400 instead of the
   * base class's 500.
   */
  async calculatePrice(): Promise<never> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This delivery option has a fixed price, shown with the shipping options: there is no price to calculate."
    )
  }

  /**
   * Keeps only the point's code and the server's snapshot of it
   * (`pickup_point`): whatever else the shopper sends in `data` is dropped,
   * so a shipping method stores what the plugin needs and no more. The
   * catalog check (known, active point) runs in the plugin's store route
   * middlewares, which can read the catalog.
   */
  async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>
  ): Promise<Record<string, unknown>> {
    const code = chosenPickupPointCode(optionData, data)
    // The point's snapshot, put there by the store route's middleware from the catalog; only ever for this code.
    const snapshot = snapshotFor(code, data.pickup_point)
    return snapshot ? { pickup_point_code: code, pickup_point: snapshot } : { pickup_point_code: code }
  }

  async createFulfillment(data: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    // The label is added by the plugin's create-fulfillment workflow, which "Fulfill items" runs for pickup-point orders.
    return { data: { pickup_point_code: pickupPointCodeOf(data) ?? null }, labels: [] }
  }

  /**
   * Also called by Medusa to undo a fulfillment whose creation failed, so it
   * must be a no-op when nothing was done at the service. A label (or a
   * confirmed shipment) cannot be cancelled at the carrier: such a
   * fulfillment is cancelled only once the carrier has cancelled its
   * shipment order itself.
   */
  async cancelFulfillment(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    if ((data.label_generated_at || data.shipment_confirmed_at) && !data[CARRIER_CANCELLED_AT]) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The shipment order ${String(data.order_reference_code ?? "")} already has ` +
          (data.label_generated_at ? "a label" : "a confirmed shipment") +
          ": the carrier does not allow cancelling it. Once the carrier reports it cancelled (the tracking sync or the " +
          "platform's webhook), this fulfillment can be cancelled."
      )
    }
    return {}
  }
}

/** True for the id Medusa gives this provider (`pickup-point_<id in medusa-config>`). */
export function isPickupPointProvider(providerId: string | null | undefined): boolean {
  return !!providerId?.startsWith(`${PickupPointFulfillmentService.identifier}_`)
}
