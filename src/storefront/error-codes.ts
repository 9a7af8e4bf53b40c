/**
 * The stable codes of every refusal a shopper can meet, with the message the
 * store API answers with. The server throws these (as the `code` of Medusa's
 * error shape: `{ type, code, message }`), and storefronts key their own
 * translations on the code, never on the message. No imports: this file is
 * shipped to browsers as part of `medusa-pickup-point/storefront`.
 */
export const PICKUP_POINT_ERRORS = {
  /** A pickup-point delivery was chosen without choosing a point. */
  pickup_point_required: "Choose a pickup point for this delivery.",
  /** The point is unknown or was deactivated since it was chosen. */
  pickup_point_unavailable: "This pickup point is no longer available. Please choose another one.",
  /** The pickup point tells the customer by text message when the parcel arrives. */
  phone_required:
    "Add a phone number to your shipping address: the pickup point uses it to tell you when your parcel has arrived.",
  /** The carrier sends the shopper the details for collecting the parcel (the pickup code among them) by e-mail. */
  email_required: "Add your e-mail address: the details for collecting your parcel are sent to it.",
  /** A cart with two pickup-point deliveries (two shipping profiles): an order goes to one pickup point as one parcel. */
  one_pickup_point_delivery: "An order can go to one pickup point only. Choose another delivery for the other items, or order them separately.",
  /** The point is in another country than the cart's shipping address. */
  pickup_point_wrong_country: "This pickup point is in another country than your shipping address. Choose a pickup point in the country you ship to.",
  /** A shipping option published for one point was sent with another point. */
  pickup_point_mismatch: "This delivery option is for a different pickup point. Choose the option of the point you want.",
  /** An order's pickup-point details asked for an id that is no order's (an old or mistyped link). */
  order_not_found: "We could not find this order. Check the link, or look for the order in your account.",
  /** Too many searches from one client in a short time. */
  too_many_requests: "Too many searches at once. Please wait a moment and try again.",
  /** The storefront's own, never the server's: the store could not be reached (offline, the connection dropped). */
  network_error: "We could not reach the store. Check your connection and try again.",
  /** The storefront's own, never the server's: the store failed (HTTP 5xx) or answered something that is not Medusa's error. */
  unexpected_error: "Something went wrong on our side. Please try again in a moment.",
} as const

export type PickupPointErrorCode = keyof typeof PICKUP_POINT_ERRORS

export function isPickupPointErrorCode(code: unknown): code is PickupPointErrorCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(PICKUP_POINT_ERRORS, code)
}
