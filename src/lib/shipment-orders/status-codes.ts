/**
 * Tracking status codes. The spec names only ST_0001 and ST_0007; the rest is
 * the sandbox's assumption (see docs/sandbox.md) and this project's
 * default vocabulary. Unknown codes are kept as they come, never rejected.
 */
export const ShipmentStatusCode = {
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

export type KnownShipmentStatusCode =
  (typeof ShipmentStatusCode)[keyof typeof ShipmentStatusCode]

export const STATUS_DESCRIPTIONS: Record<KnownShipmentStatusCode, string> = {
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

const CODE_PATTERN = /^ST_?(\d{1,4})$/i

/**
 * Brings the spellings the service uses (`ST_0007`, `ST0007`, `st_7`, the
 * documented number `7` or `"7"`) to the canonical `ST_0007`. Anything else
 * comes back trimmed but unchanged, so an unknown code stays visible.
 */
export function normalizeStatusCode(value: string | number): string {
  const raw = String(value).trim()
  const digits = /^\d{1,4}$/.test(raw) ? raw : CODE_PATTERN.exec(raw)?.[1]
  return digits ? `ST_${digits.padStart(4, "0")}` : raw
}

/** The spelling the status endpoint uses in its responses (`ST0006`). */
export function compactStatusCode(value: string): string {
  return normalizeStatusCode(value).replace("_", "")
}

export function isKnownStatusCode(code: string): code is KnownShipmentStatusCode {
  return code in STATUS_DESCRIPTIONS
}
