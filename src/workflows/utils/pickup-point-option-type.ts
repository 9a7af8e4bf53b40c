/**
 * The one shipping option type every pickup-point option of the store shares:
 * the setup action creates it, published points reuse it (found by its code).
 */
export const PICKUP_POINT_OPTION_TYPE = {
  label: "Pickup point",
  code: "pickup-point",
  description: "Collect the parcel at a pickup point",
}
