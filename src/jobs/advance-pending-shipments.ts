import type { MedusaContainer } from "@medusajs/framework/types"
import { advanceDueShipmentsWorkflow } from "../workflows/advance-due-shipments"

/** Retries, with backoff, every shipment order whose creation is still open. */
export default async function advancePendingShipments(container: MedusaContainer) {
  const { result } = await advanceDueShipmentsWorkflow(container).run({ input: { limit: 100 } })
  if (result.processed) {
    container.resolve("logger").info(`[pickup-point] advanced ${result.processed} shipment(s): ${JSON.stringify(result.statuses)}`)
  }
}

export const config = {
  name: "pickup-point-advance-pending-shipments",
  // Every minute; PICKUP_POINT_RETRY_SCHEDULE (a cron, seconds allowed) lets a soak settle sooner.
  schedule: process.env.PICKUP_POINT_RETRY_SCHEDULE || "* * * * *",
}
