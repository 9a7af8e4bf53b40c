/*
 * The merchant operations of spec section 4 (docs/shipment-orders-service.md),
 * as the sandbox reads them. The client in src/lib keeps its own list on
 * purpose: the sandbox is a second reading of the spec, so a misread path or
 * method in the client fails against it instead of passing unnoticed.
 */

/** "All operations are under `{base_url}/platform-api-server/api/merchant/shipment/`." */
export const MERCHANT_API_PATH = "/platform-api-server/api/merchant/shipment"

/** Each operation and its HTTP method: the two lookups take query parameters, the rest a JSON body. */
export const MERCHANT_OPERATIONS = {
  create: "POST",
  cancel: "POST",
  getIdentifier: "GET",
  generateLabel: "POST",
  downloadLabel: "GET",
  status: "POST",
  updateTracking: "POST",
  sendVerificationCode: "POST",
} as const

export type MerchantOperation = keyof typeof MERCHANT_OPERATIONS

export const MERCHANT_OPERATION_NAMES = Object.keys(MERCHANT_OPERATIONS) as MerchantOperation[]
