/** The shapes the plugin's admin routes answer with (see README "Admin API"). */

export type PickupPoint = {
  id: string
  code: string
  public_code: string | null
  name: string
  address: string
  city: string
  postcode: string
  province: string | null
  country_code: string
  latitude: number | null
  longitude: number | null
  opening_hours: Record<string, string[]> | null
  network_code: string | null
  network_name: string | null
  requires_verification_code: boolean
  is_active: boolean
  /** How many shipping options sell this point (published); in the admin list only. */
  published_options?: number
}

export type ShipmentAttention = "failed" | "cancel_pending" | "stuck_awaiting_import" | "sync_stale"

export type AdminShipment = {
  id: string
  order_id: string
  order_number: string
  status: string
  merchant_type: "DELIVERY" | "STORAGE"
  pickup_point_code: string
  pickup_point: Partial<PickupPoint> | null
  order_reference_code: string | null
  tracking_number: string | null
  label_file_id: string | null
  label_url: string | null
  /** The Medusa fulfillment that holds the label. */
  fulfillment_id?: string | null
  tracking_status_code: string | null
  tracking_status_description: string | null
  tracking_stage: number
  tracking_stage_name?: string | null
  attention?: ShipmentAttention | null
  last_synced_at: string | null
  /** The last sync, or a later report of the carrier's (its webhook): how fresh the status is. */
  last_heard_at: string | null
  last_error: string | null
  cancel_requested_at: string | null
  label_requested_at?: string | null
  next_attempt_at: string | null
  created_at: string
  updated_at: string
}

export type TimelineEntry =
  /** `note`: a line that keeps the status (its message is what happened). */
  | {
      kind: "status"
      at: string
      status: string
      message: string | null
      /** The line's key under `pickupPoint.history` and its parts, for one of the history's fixed lines. */
      message_key?: { key: string; params: Record<string, string>; param_keys?: Record<string, string> } | null
      note?: boolean
      actor?: string | null
    }
  | { kind: "tracking"; at: string; status_code: string; status_description: string | null; source: "sync" | "webhook" | "admin" }
  | { kind: "verification_code"; at: string; masked_email: string; confirmed: boolean; actor: string | null }
  | { kind: "webhook"; at: string; verdict: string; status_code: string | null; result: string | null; deliveries: number }

export type VerificationCodeAllowance = {
  sent_last_24h: number
  max_per_day: number
  remaining_today: number
  next_allowed_at: string | null
  last_sent_at: string | null
}

export type ShipmentOverview = {
  shipment: AdminShipment
  timeline: TimelineEntry[]
  /** The shipment's point in the catalog now: null when it is no longer there. */
  catalog_point: Pick<PickupPoint, "is_active" | "opening_hours"> | null
  verification_code: VerificationCodeAllowance
}
