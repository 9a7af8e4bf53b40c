import { isKnownStatusCode, normalizeStatusCode, STATUS_DESCRIPTIONS } from "../../lib/shipment-orders/status-codes"

/**
 * A tracking status as the admin reads it. The plugin's own words for a
 * known code (a pickup recorded by an admin is "Picked up by the customer")
 * have a key under `pickupPoint.trackingStatus`, and are shown translated;
 * a carrier's own description is its words, shown as written; with none, the
 * code's translation, else the code.
 */
export function trackingStatusText(code: string | null | undefined, description: string | null | undefined, translate: (key: string, fallback: string) => string): string {
  const normalized = code ? normalizeStatusCode(code) : null
  const known = normalized && isKnownStatusCode(normalized) ? normalized : null
  if (description && (!known || description.trim() !== STATUS_DESCRIPTIONS[known])) return description
  if (known) return translate(`pickupPoint.trackingStatus.${known}`, STATUS_DESCRIPTIONS[known])
  return description || code || ""
}
