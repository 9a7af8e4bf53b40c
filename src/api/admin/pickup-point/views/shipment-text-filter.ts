/** The fields an admin finds a shipment by: what the list shows, and what the carrier or the customer quotes. */
const SEARCHED_FIELDS = ["order_number", "order_reference_code", "tracking_number", "pickup_point_code"] as const

/**
 * The shipments whose order number, carrier's order reference, tracking
 * number or pickup point's code holds the text, in any case. `%`, `_` and a
 * backslash typed are matched as themselves; a leading `#` (Medusa's order
 * numbers are shown as #12) is left out.
 */
export function shipmentTextFilter(text: string) {
  const typed = text.trim().replace(/^#/, "")
  const pattern = `%${typed.replace(/[\\%_]/g, "\\$&")}%`
  return { $or: SEARCHED_FIELDS.map((field) => ({ [field]: { $ilike: pattern } })) }
}
