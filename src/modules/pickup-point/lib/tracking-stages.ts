import { ShipmentStatusCode } from "../../../lib/shipment-orders/status-codes"
import type { TrackingStage } from "./statuses"

/** The default table from service status codes to stages; `statusMapping` in the plugin options overrides it. */
export const DEFAULT_STATUS_MAPPING: Record<string, TrackingStage> = {
  [ShipmentStatusCode.REGISTERED]: "registered",
  [ShipmentStatusCode.LABEL_GENERATED]: "label",
  [ShipmentStatusCode.COLLECTED]: "shipped",
  [ShipmentStatusCode.IN_TRANSIT]: "shipped",
  [ShipmentStatusCode.AT_PICKUP_POINT]: "at_pickup_point",
  [ShipmentStatusCode.READY_FOR_PICKUP]: "ready_for_pickup",
  [ShipmentStatusCode.PICKED_UP]: "delivered",
  [ShipmentStatusCode.CANCELLED]: "cancelled",
  [ShipmentStatusCode.RETURNED]: "returned",
}

/** The stage a status code stands for under a mapping, or null for a code the mapping does not know. */
export function stageOf(code: string, mapping: Record<string, TrackingStage>): TrackingStage | null {
  return mapping[code] ?? null
}

/** The status codes a mapping sends to any of `stages`. */
export function codesFor(mapping: Record<string, TrackingStage>, stages: ReadonlySet<TrackingStage>): string[] {
  return Object.entries(mapping)
    .filter(([, stage]) => stages.has(stage))
    .map(([code]) => code)
}
