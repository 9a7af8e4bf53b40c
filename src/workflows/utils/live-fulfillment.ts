import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** Whether a fulfillment is there and not cancelled: one that is gone cannot hold a shipment. */
export async function isLiveFulfillment(container: MedusaContainer, fulfillmentId: string): Promise<boolean> {
  const [fulfillment] = await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: fulfillmentId }, { select: ["id", "canceled_at"] })
  return !!fulfillment && !fulfillment.canceled_at
}

/** Whether the shipment's recorded fulfillment is another one than `fulfillmentId`, and still live. */
export async function isHeldByAnotherFulfillment(
  container: MedusaContainer,
  shipment: { fulfillment_id?: string | null },
  fulfillmentId: string
): Promise<boolean> {
  return !!shipment.fulfillment_id && shipment.fulfillment_id !== fulfillmentId && (await isLiveFulfillment(container, shipment.fulfillment_id))
}
