/**
 * The one shipping option type every pickup-point option of the store shares:
 * the setup action creates it, published points reuse it (found by its code).
 */
export const PICKUP_POINT_OPTION_TYPE = {
  label: "Pickup point",
  code: "pickup-point",
  description: "Collect the parcel at a pickup point",
}

/**
 * The one lock the setup and every publish hold (Medusa's Locking module):
 * two at once would each find no option type and make one, or offer a
 * point twice, and a failed publish removes the type it made, which must be
 * in no other's options by then. One key, not one per service zone plus
 * this one: the in-memory locking provider leaves the first of several keys
 * taken when it cannot take the next, so a second workflow would wait on
 * itself until its timeout.
 */
export const PICKUP_POINT_OPTIONS_LOCK_KEY = "pickup-point-shipping-options"
