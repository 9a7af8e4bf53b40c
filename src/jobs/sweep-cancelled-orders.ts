import type { MedusaContainer } from "@medusajs/framework/types"
import { sweepCancelledOrdersWorkflow } from "../workflows/sweep-cancelled-orders"

/** Requests the cancel of shipments whose order was cancelled while its order.canceled event was lost in a crash. */
export default async function sweepCancelledOrders(container: MedusaContainer) {
  const { result } = await sweepCancelledOrdersWorkflow(container).run({ input: {} })
  if (result.requested.length) {
    container.resolve("logger").warn(`[pickup-point] cancelled-order sweep requested the cancel of ${result.requested.length} shipment(s): ${result.requested.join(", ")}`)
  }
}

export const config = {
  name: "pickup-point-sweep-cancelled-orders",
  // Every five minutes: it reads every shipment not yet labelled, and a lost event is rare.
  schedule: "*/5 * * * *",
}
