import { MedusaError } from "@medusajs/framework/utils"
import type { PickupPointErrorCode } from "../../../storefront/error-codes"

/** A 400 for the shopper, with the stable code storefronts key their own wording on. */
function refusal(code: PickupPointErrorCode, message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message, code)
}

export function pickupPointRequired(): MedusaError {
  return refusal("pickup_point_required", "Choose a pickup point: send its code as data.pickup_point_code with the shipping method.")
}

export function pickupPointUnavailable(code: string): MedusaError {
  return refusal("pickup_point_unavailable", `Pickup point ${code} is unknown or no longer available: choose another one.`)
}

export function pickupPointMismatch(published: string): MedusaError {
  return refusal(
    "pickup_point_mismatch",
    `This shipping option delivers to pickup point ${published} only: choose the option of the point you want, or send no data.pickup_point_code.`
  )
}

/** A code the catalog could never hold (too long, or with bytes PostgreSQL refuses): refused before any look-up, without echoing it. */
export function pickupPointCodeInvalid(): MedusaError {
  return refusal("pickup_point_unavailable", "The pickup point code is not valid: choose a point from the store's search.")
}
