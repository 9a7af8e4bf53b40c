import type { MedusaContainer } from "@medusajs/framework/types"
import { syncTrackingWorkflow } from "../workflows/sync-tracking"

/** Keeps every followed shipment's tracking true in Medusa. */
export default async function syncTracking(container: MedusaContainer) {
  const { result } = await syncTrackingWorkflow(container).run({ input: {} })
  if (result.synced || result.error || result.skipped) {
    container.resolve("logger").info(`[pickup-point] tracking sync: ${JSON.stringify(result)}`)
  }
}

export const config = {
  name: "pickup-point-sync-tracking",
  // Every ten minutes; PICKUP_POINT_SYNC_SCHEDULE (a cron, seconds allowed) sets another cadence.
  schedule: process.env.PICKUP_POINT_SYNC_SCHEDULE || "*/10 * * * *",
}
