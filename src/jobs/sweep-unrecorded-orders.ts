import type { MedusaContainer } from "@medusajs/framework/types"
import { sweepUnrecordedOrdersWorkflow } from "../workflows/sweep-unrecorded-orders"

/** Records pickup-point orders that have no shipment record: an order.placed event lost in a crash. */
export default async function sweepUnrecordedOrders(container: MedusaContainer) {
  const { result } = await sweepUnrecordedOrdersWorkflow(container).run({ input: {} })
  if (result.recorded.length) {
    container.resolve("logger").warn(`[pickup-point] order sweep recorded ${result.recorded.length} order(s) with no shipment: ${result.recorded.join(", ")}`)
  }
}

export const config = {
  name: "pickup-point-sweep-unrecorded-orders",
  schedule: "* * * * *",
}
