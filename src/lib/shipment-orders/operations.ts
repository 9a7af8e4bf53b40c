/** Every merchant operation of the Shipment Orders Service (spec section 4); the sandbox keeps its own list on purpose. */
export const SHIPMENT_OPERATIONS = [
  "create",
  "cancel",
  "getIdentifier",
  "generateLabel",
  "downloadLabel",
  "status",
  "updateTracking",
  "sendVerificationCode",
] as const

export type ShipmentOperation = (typeof SHIPMENT_OPERATIONS)[number]

export const SHIPMENT_API_PATH = "/platform-api-server/api/merchant/shipment"

/** The two operations the spec defines as GET with query parameters; all others are POST with JSON. */
export const GET_OPERATIONS: ReadonlySet<ShipmentOperation> = new Set([
  "getIdentifier",
  "downloadLabel",
])

/**
 * Operations a retry cannot duplicate: reads, and calls the service makes
 * idempotent by state (a second cancel of a cancelled order, or a second
 * generateLabel of a labelled order, changes nothing; a STORAGE merchant's
 * confirmation is asked with `onceOnly`, as each reaches the pickup point). `create`,
 * `updateTracking` and `sendVerificationCode` have side effects a retry could
 * repeat, so they are never retried blindly.
 */
export const RETRYABLE_OPERATIONS: ReadonlySet<ShipmentOperation> = new Set([
  "getIdentifier",
  "downloadLabel",
  "status",
  "cancel",
  "generateLabel",
])
