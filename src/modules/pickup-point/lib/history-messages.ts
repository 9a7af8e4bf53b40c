/**
 * The shipment history's fixed lines. They are stored in English (the
 * history is a record, written once), and the order page shows them in the
 * admin's language: `describeHistoryMessage` finds each one's key under
 * `pickupPoint.history` in the admin's translations (src/admin/i18n/json).
 * A line it does not know (a carrier's error, say) is shown as written.
 */
export const HISTORY_MESSAGES = {
  toBeCreated: "Shipment order to be created",
  recordedBySweep: "Recorded by the order sweep (the order.placed event was not handled): looked up on the service before it is created",
  created: "Created on the service",
  foundAfterUnknown: "Found on the service after an unknown outcome",
  notFoundAfterUnknown: "Not found on the service after an unknown outcome: creating it",
  foundAfterRefusal: "Found on the service when it refused the create again: an earlier attempt had made it",
  imported: "Imported by the service",
  labelGenerated: "Label generated",
  confirmed: "Shipment confirmed",
  retried: "Retried by an admin",
  cancelled: "Cancelled",
  cancelLost: "Its order was cancelled, and the cancel never reached the plugin (its order.canceled event was lost)",
  // The notes of the cancels an order's cancel makes (sent to the carrier too).
  orderCancelled: "Order cancelled",
  orderCancelledBeforeCreation: "Order cancelled before its shipment order was created",
} as const

export type HistoryMessageKey = keyof typeof HISTORY_MESSAGES | (typeof HISTORY_TEMPLATES)[number]["key"]

/** The line of a cancel the retry job is to carry out. */
export const cancelRequestedMessage = (why: string) => `Cancel requested, to be carried out by the retry job: ${why}`

/** The line of a change of pickup point, with the admin's note if any. */
export const pickupPointChangedMessage = (from: string, to: string, note?: string | null) =>
  `Pickup point changed from ${from} to ${to}.${note ? ` Note: ${note}` : ""}`

/** The line of a shipment sent again, after the store cancelled its shipment order, to the same pickup point. */
export const shippedAgainMessage = (to: string, note?: string | null) => `Shipped again to ${to}.${note ? ` Note: ${note}` : ""}`

/** The notes of the cancel a change of pickup point makes (sent to the carrier, and the old shipment's line). */
export const pickupPointChangedToMessage = (to: string, note?: string | null) =>
  [`Pickup point changed to ${to}`, note?.trim()].filter(Boolean).join(": ").slice(0, 500)

/** The line the shipment a change of pickup point archived gets. */
export const continuedAsShipmentMessage = (changed: string, shipmentId: string) => `${changed} Continued as shipment ${shipmentId}.`

/** The line of a cancel the carrier had carried out already, after the admin's notes or "Cancelled". */
export const cancelledOnServiceMessage = (notes: string, reference: string | null) => `${notes}: the carrier reports shipment order ${reference} cancelled`

/** Lines with parts of their own, as the functions above write them: a pattern and the names of its groups. */
const HISTORY_TEMPLATES = [
  { key: "cancelRequested", pattern: /^Cancel requested, to be carried out by the retry job: (.+)$/s, params: ["why"] },
  { key: "pickupPointChangedNoteContinued", pattern: /^Pickup point changed from (\S+) to (\S+)\. Note: (.+) Continued as shipment (\S+)\.$/s, params: ["from", "to", "note", "shipment"] },
  { key: "pickupPointChangedContinued", pattern: /^Pickup point changed from (\S+) to (\S+)\. Continued as shipment (\S+)\.$/, params: ["from", "to", "shipment"] },
  { key: "pickupPointChangedNote", pattern: /^Pickup point changed from (\S+) to (\S+)\. Note: (.+)$/s, params: ["from", "to", "note"] },
  { key: "pickupPointChanged", pattern: /^Pickup point changed from (\S+) to (\S+)\.$/, params: ["from", "to"] },
  { key: "shippedAgainNoteContinued", pattern: /^Shipped again to (\S+)\. Note: (.+) Continued as shipment (\S+)\.$/s, params: ["to", "note", "shipment"] },
  { key: "shippedAgainContinued", pattern: /^Shipped again to (\S+)\. Continued as shipment (\S+)\.$/, params: ["to", "shipment"] },
  { key: "shippedAgainNote", pattern: /^Shipped again to (\S+)\. Note: (.+)$/s, params: ["to", "note"] },
  { key: "shippedAgain", pattern: /^Shipped again to (\S+)\.$/, params: ["to"] },
  { key: "cancelledOnService", pattern: /^(.+): the carrier reports shipment order (\S+) cancelled$/s, params: ["notes", "reference"] },
  // After cancelledOnService, whose notes may be one of these.
  { key: "pickupPointChangedToNote", pattern: /^Pickup point changed to (\S+): (.+)$/s, params: ["to", "note"] },
  { key: "pickupPointChangedTo", pattern: /^Pickup point changed to (\S+)$/, params: ["to"] },
] as const

const KEY_OF_MESSAGE = new Map<string, HistoryMessageKey>(
  Object.entries(HISTORY_MESSAGES).map(([key, message]) => [message, key as HistoryMessageKey])
)

/** Every key the admin's translations must have. */
export const HISTORY_MESSAGE_KEYS: HistoryMessageKey[] = [...KEY_OF_MESSAGE.values(), ...HISTORY_TEMPLATES.map((template) => template.key)]

/**
 * A history line's translation key and the parts to put in it, or null for a
 * line shown as written. A part that is itself a fixed line (the why of a
 * cancel requested after a lost order.canceled, say) is named in `param_keys`
 * with its own key, so that it is shown translated too.
 */
export function describeHistoryMessage(
  message: string | null | undefined
): { key: HistoryMessageKey; params: Record<string, string>; param_keys?: Record<string, HistoryMessageKey> } | null {
  if (!message) return null
  const key = KEY_OF_MESSAGE.get(message)
  if (key) return { key, params: {} }
  for (const template of HISTORY_TEMPLATES) {
    const match = template.pattern.exec(message)
    if (!match) continue
    const params: Record<string, string> = Object.fromEntries(template.params.map((name, index) => [name, match[index + 1]]))
    const fixed = Object.entries(params).flatMap(([name, value]) => {
      const partKey = KEY_OF_MESSAGE.get(value)
      return partKey ? [[name, partKey] as const] : []
    })
    return fixed.length ? { key: template.key, params, param_keys: Object.fromEntries(fixed) } : { key: template.key, params }
  }
  return null
}
