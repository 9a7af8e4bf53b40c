import { ShipmentStatusCode } from "../../lib/shipment-orders/status-codes"

/**
 * How far a parcel has gone, as Medusa cares: the stage of a status decides
 * what the plugin does in Medusa, and stages only ever move forward. The
 * last three are final: nothing moves a shipment once it reaches one.
 */
export const TRACKING_STAGES = {
  registered: 10,
  label: 20,
  shipped: 30,
  at_pickup_point: 40,
  ready_for_pickup: 50,
  delivered: 60,
  cancelled: 60,
  returned: 60,
} as const

export type TrackingStage = keyof typeof TRACKING_STAGES

export const FINAL_STAGE_RANK = 60

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

/** Stages at which the parcel has left the warehouse: Medusa's fulfillment is then shipped. */
export const LEFT_WAREHOUSE_STAGES: ReadonlySet<TrackingStage> = new Set([
  "shipped",
  "at_pickup_point",
  "ready_for_pickup",
  "delivered",
  "returned",
])

/** The status codes a mapping sends to any of `stages`. */
export function codesFor(mapping: Record<string, TrackingStage>, stages: ReadonlySet<TrackingStage>): string[] {
  return Object.entries(mapping)
    .filter(([, stage]) => stages.has(stage))
    .map(([code]) => code)
}
