import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { withServiceIdentity } from "../../modules/pickup-point/lib/build-shipment-intent"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import { creationEvents, emitShipmentEvents } from "../utils/shipment-events"
import type { PickupPointChange } from "./prepare-pickup-point-change"
import { HISTORY_MESSAGES, pickupPointChangedMessage, shippedAgainMessage } from "../../modules/pickup-point/lib/history-messages"

export const supersedeShipmentStepId = "pickup-point-supersede-shipment"

export type SupersedeShipmentInput = {
  change: PickupPointChange
  intent: ShipmentIntent | null
  actor_id: string | null
  note?: string
}

/**
 * Once the old shipment order is cancelled: archives the old shipment (that
 * one only, and only while it is the order's cancelled live shipment) and
 * records the new one for the new point, unless the order was cancelled
 * meanwhile, with the audit line on both. The
 * new one gets an order number and reference of its own on the service
 * (`<order number>-<n>` for the order's n-th shipment): the service finds
 * an order by its number, and keeps the cancelled one under the old.
 * No compensation: the old shipment order is cancelled on the service, and
 * the new record is what the retry job carries on from.
 */
export const supersedeShipmentStep = createStep(supersedeShipmentStepId, async (input: SupersedeShipmentInput, { container }) => {
  const { change, intent } = input
  if (!intent) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${change.order_id} is not shipped to a pickup point any more.`)
  }
  // The order may have been cancelled while the old shipment order was: no new one for it then.
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: change.order_id } })
  if (orders[0]?.status === "canceled") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The pickup point of ${change.order_number} cannot be changed: the order is cancelled.`)
  }
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const earlier = await pickupPoints.listPickupPointShipments({ order_id: change.order_id }, { select: ["id"], withDeleted: true })
  const revision = earlier.length + 1
  const note = input.note?.trim()
  const shipment = await pickupPoints.supersedeShipment({
    previous_id: change.shipment_id,
    intent: withServiceIdentity(intent, { order_number: `${intent.order_number}-${revision}`, reference: `${intent.order_id}-${revision}` }),
    actor_id: input.actor_id,
    message: change.from_code === change.to_code ? shippedAgainMessage(change.to_code, note) : pickupPointChangedMessage(change.from_code, change.to_code, note),
  })
  // A new shipment recorded as failed at once (data missing from the order) is announced.
  await emitShipmentEvents(container, creationEvents("pending", shipment))
  // Cancelled since the check above, the order's own cancel found only the old, cancelled shipment order:
  // the new one is cancelled before it is ever created (the next step carries a requested cancel out first).
  const { data: now } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: change.order_id } })
  if (now[0]?.status === "canceled") {
    return new StepResponse((await pickupPoints.requestShipmentCancel(shipment.id, HISTORY_MESSAGES.orderCancelledBeforeCreation)) ?? shipment)
  }
  return new StepResponse(shipment)
})
