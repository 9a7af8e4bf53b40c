import { MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_ERRORS, type PickupPointErrorCode } from "../../../storefront/error-codes"

/**
 * A 400 for the shopper: the stable code storefronts key their own wording
 * on, and the message of `src/storefront/error-codes.ts` word for word (the
 * storefront helpers find the code from the message when a client drops it).
 */
function refusal(code: PickupPointErrorCode): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, PICKUP_POINT_ERRORS[code], code)
}

/** A pickup-point option chosen without a point. */
export function pickupPointRequired(): MedusaError {
  return refusal("pickup_point_required")
}

/** The point is unknown, or was deactivated since it was chosen. */
export function pickupPointUnavailable(): MedusaError {
  return refusal("pickup_point_unavailable")
}

/** A point in another country than the cart's shipping address: a catalog can span countries, an option's price and zone cannot. */
export function pickupPointWrongCountry(): MedusaError {
  return refusal("pickup_point_wrong_country")
}

/** A published point's option sent with another point. */
export function pickupPointMismatch(): MedusaError {
  return refusal("pickup_point_mismatch")
}

/** A code the catalog could never hold (too long, or with bytes PostgreSQL refuses): refused before any look-up, without echoing it. */
export function pickupPointCodeInvalid(): MedusaError {
  return refusal("pickup_point_unavailable")
}

/** A pickup-point order without a phone number: the point texts the shopper when the parcel arrives. */
export function phoneRequired(): MedusaError {
  return refusal("phone_required")
}

/** A pickup-point order without an e-mail address: the carrier sends the collection details (and pickup code) by e-mail. */
export function emailRequired(): MedusaError {
  return refusal("email_required")
}

/** A cart with more than one pickup-point delivery: the plugin makes one shipment order (one parcel) per order. */
export function onePickupPointDelivery(): MedusaError {
  return refusal("one_pickup_point_delivery")
}
