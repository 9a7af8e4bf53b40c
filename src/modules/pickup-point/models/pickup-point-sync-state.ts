import { model } from "@medusajs/framework/utils"

/**
 * A background job's memory across runs and processes (one row per job):
 * for the tracking sync, the circuit that stops it hammering a service that
 * is down, and its lag; for the order sweep, its cursor and the orders it
 * could not record.
 */
export const PickupPointSyncState = model.define("pickup_point_sync_state", {
  id: model.text().primaryKey(),
  consecutive_failures: model.number().default(0),
  circuit_open_until: model.dateTime().nullable(),
  last_run_at: model.dateTime().nullable(),
  last_success_at: model.dateTime().nullable(),
  last_error: model.text().nullable(),
  /** Seconds since the stalest followed shipment was last synced, at the end of the last run. */
  lag_seconds: model.number().nullable(),
  /** Where a sweep has got to (the order sweep: the last display id looked at). */
  cursor: model.text().nullable(),
  /** The ids a sweep tries again every run (the order sweep: orders whose shipment could not be recorded). */
  retry_ids: model.json().nullable(),
})
