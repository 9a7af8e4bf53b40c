import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable-text"

/** The platform's shipment confirmation (spec section 6), whatever spelling its fields come in. */
export type PlatformConfirmation = {
  orderReferenceCode: string
  statusCode: string
  statusDescription: string | null
  trackingNumber: string | null
}

const SPELLINGS = {
  orderReferenceCode: ["orderReferencecode", "orderReferenceCode", "order_reference_code", "orderreferencecode"],
  statusCode: ["statusCode", "status_code", "statuscode", "status"],
  statusDescription: ["statusDescription", "status_description", "statusdescription"],
  trackingNumber: ["trackingNumber", "tracking_number", "trackingnumber", "tracking number", "trackingCode", "tracking_code"],
}

/** The longest value kept of each field: what is stored stays bounded, whoever holds the key. */
export const PLATFORM_CONFIRMATION_LIMITS: Record<keyof PlatformConfirmation, number> = {
  orderReferenceCode: 64,
  statusCode: 32,
  statusDescription: 500,
  trackingNumber: 64,
}

function first(body: Record<string, unknown>, names: string[]): string | null {
  for (const name of names) {
    const value = body[name]
    if ((typeof value === "string" && value.trim()) || typeof value === "number") {
      return String(value).trim()
    }
  }
  return null
}

/** Reads the confirmation out of a JSON body, or says what is missing. */
export function readPlatformConfirmation(body: unknown): PlatformConfirmation | { problem: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { problem: "the body is not a JSON object" }
  }
  const record = body as Record<string, unknown>
  const orderReferenceCode = first(record, SPELLINGS.orderReferenceCode)
  const statusCode = first(record, SPELLINGS.statusCode)
  if (!orderReferenceCode || !statusCode) {
    return { problem: `missing ${[!orderReferenceCode && "orderReferencecode", !statusCode && "statusCode"].filter(Boolean).join(" and ")}` }
  }
  const confirmation: PlatformConfirmation = {
    orderReferenceCode,
    statusCode,
    statusDescription: first(record, SPELLINGS.statusDescription),
    trackingNumber: first(record, SPELLINGS.trackingNumber),
  }
  for (const field of Object.keys(PLATFORM_CONFIRMATION_LIMITS) as (keyof PlatformConfirmation)[]) {
    const value = confirmation[field]
    if (value !== null && !isStorableText(value)) {
      return { problem: `${field} ${UNSTORABLE_TEXT_MESSAGE}` }
    }
    if (value !== null && value.length > PLATFORM_CONFIRMATION_LIMITS[field]) {
      return { problem: `${field} is longer than ${PLATFORM_CONFIRMATION_LIMITS[field]} characters` }
    }
  }
  return confirmation
}
