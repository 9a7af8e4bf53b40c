/*
 * Tracking status codes as docs/sandbox.md fixes them. The service spec names
 * only ST_0001 and ST_0007; the rest is the sandbox's assumption. Written here
 * rather than taken from the client on purpose (see merchant-operations.ts).
 */

export const StatusCode = {
  REGISTERED: "ST_0001",
  LABEL_GENERATED: "ST_0002",
  COLLECTED: "ST_0003",
  IN_TRANSIT: "ST_0004",
  AT_PICKUP_POINT: "ST_0005",
  READY_FOR_PICKUP: "ST_0006",
  PICKED_UP: "ST_0007",
  CANCELLED: "ST_0008",
  RETURNED: "ST_0009",
} as const

const DESCRIPTIONS: Record<string, string> = {
  ST_0001: "Registered",
  ST_0002: "Label generated or shipment confirmed",
  ST_0003: "Collected from the warehouse",
  ST_0004: "In transit",
  ST_0005: "At the pickup point",
  ST_0006: "Ready for pickup",
  ST_0007: "Picked up by the customer",
  ST_0008: "Cancelled",
  ST_0009: "Returned to sender",
}

/** "Requests may write a code as `ST_0007` or `ST0007`": four digits, with or without the underscore. */
const REQUEST_SPELLING = /^ST_?(\d{4})$/

/** `ST_0007` for either request spelling, or null when `value` is neither. */
export function canonicalStatusCode(value: string): string | null {
  const digits = REQUEST_SPELLING.exec(value.trim())?.[1]
  return digits ? `ST_${digits}` : null
}

/** The spelling the status response uses, as in the spec's sample: `ST0006`. */
export function compactStatusCode(code: string): string {
  return code.replace("_", "")
}

/** The sandbox's wording of a code, or the code itself when the sandbox has none. */
export function describeStatus(code: string): string {
  return DESCRIPTIONS[code] ?? code
}
