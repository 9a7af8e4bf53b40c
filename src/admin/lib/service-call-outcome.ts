import type { ShipmentOperation } from "../../lib/shipment-orders/operations"

type BadgeColor = "green" | "grey" | "orange" | "red"

const OUTCOME_COLOR: Record<string, BadgeColor> = { ok: "green", refused: "orange", not_found: "orange" }

/**
 * The colour of a call's outcome in the Health page's log. A look-up that finds no order is an
 * ordinary answer, not a warning: the credentials check asks for an order number no store uses,
 * and a create whose answer was lost is looked up to learn whether it arrived.
 */
export function serviceCallOutcomeColor(call: { operation: string; outcome: string }): BadgeColor {
  if (call.operation === ("getIdentifier" satisfies ShipmentOperation) && call.outcome === "not_found") return "grey"
  return OUTCOME_COLOR[call.outcome] ?? "red"
}
