import type { MedusaContainer } from "@medusajs/framework/types"
import { ShipmentOrdersRejectedError } from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { applyTrackingUpdates } from "./apply-tracking-updates"
import { shipmentOrdersClient } from "./shipment-orders-client"
import { statusItemUpdate } from "./status-item-update"
import { safeErrorMessage } from "./to-medusa-error"

/**
 * Whether the service refused an action on an order it has and has imported (not a missing one, nor one
 * still importing): such a refusal may be of a parcel that moved on (a code asked for a parcel already
 * collected), so its status is worth reading. Other refusals match too; the read is only a read.
 */
export function isMovedOnRefusal(error: unknown): boolean {
  return error instanceof ShipmentOrdersRejectedError && error.code === "rejected"
}

/**
 * Reads one shipment's status from the service and applies it like the sync
 * (the one path every report takes). The call's faults are thrown as they
 * came; Medusa's refusal of a move is thrown after the move is recorded, as
 * the sync's is. Answers the moves it made, or the carrier's refusal of the
 * order (its item unsuccessful, or missing), in its words.
 */
export async function readShipmentStatus(
  container: MedusaContainer,
  shipment: { id: string; order_reference_code: string }
): Promise<{ transitions: number; refusal?: string }> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const reference = shipment.order_reference_code
  const { items } = await shipmentOrdersClient(container).status([{ orderReferenceCode: reference }])
  const item = items.find((one) => one.order.orderReferenceCode === reference)
  if (!item?.success) return { transitions: 0, refusal: item?.message || `the service did not report order ${reference}` }
  const update = statusItemUpdate(item, shipment.id, pickupPoints.options.timeZone)
  if (!update) return { transitions: 0 }
  const { transitions } = await applyTrackingUpdates(container, [update])
  return { transitions: transitions.length }
}

/**
 * readShipmentStatus after the service refused an action because the parcel
 * has moved on (a code sent for a parcel already collected), so that the
 * admin sees where it stands with the refusal rather than at the next sync.
 * Best effort: a failure is logged and the caller's refusal stands; the sync
 * reads the status later.
 */
export async function refreshShipmentStatus(
  container: MedusaContainer,
  shipment: { id: string; order_reference_code: string | null }
): Promise<void> {
  if (!shipment.order_reference_code) return
  await readShipmentStatus(container, { id: shipment.id, order_reference_code: shipment.order_reference_code }).catch((error) =>
    container.resolve("logger").warn(`[pickup-point] could not read shipment ${shipment.id}'s status after a refusal: ${safeErrorMessage(error)}`)
  )
}
