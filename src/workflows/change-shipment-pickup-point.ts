import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep } from "@medusajs/medusa/core-flows"
import { pickupPointChangedToMessage } from "../modules/pickup-point/lib/history-messages"
import { buildShipmentIntentWorkflow } from "./build-shipment-intent"
import { advanceShipmentStep } from "./steps/advance-shipment"
import { cancelShipmentStep } from "./steps/cancel-shipment"
import { checkPickupPointChangeIntentStep } from "./steps/check-pickup-point-change-intent"
import { lockPickupPointChangeStep } from "./steps/lock-pickup-point-change"
import { preparePickupPointChangeStep } from "./steps/prepare-pickup-point-change"
import { setShippingMethodPickupPointStep } from "./steps/set-shipping-method-pickup-point"
import { supersedeShipmentStep } from "./steps/supersede-shipment"

export const changeShipmentPickupPointWorkflowId = "pickup-point-change-shipment-pickup-point-workflow"

export type ChangeShipmentPickupPointInput = {
  shipment_id: string
  pickup_point_code: string
  note?: string
  /** The admin user making the change, for the shipment's history. */
  actor_id?: string | null
}

/**
 * Sends an order to another pickup point before its label: the order's
 * shipping method carries the new point, the new shipment order's data is
 * checked, the old shipment order (the one checked, not whichever the
 * order has by then) is cancelled on the service (under the shipment's
 * claim; a refusal stops everything and puts the method back), the old
 * shipment is archived and a new one recorded, then created on the service
 * through the same state machine as after checkout. So there is never more
 * than one live shipment order for the order. A change that stopped once
 * the old one was cancelled is finished by changing the point again.
 */
export const changeShipmentPickupPointWorkflow = createWorkflow(changeShipmentPickupPointWorkflowId, (input: ChangeShipmentPickupPointInput) => {
  const lock = lockPickupPointChangeStep(transform({ input }, ({ input }) => ({ shipment_id: input.shipment_id })))
  const change = preparePickupPointChangeStep(
    transform({ input }, ({ input }) => ({ shipment_id: input.shipment_id, pickup_point_code: input.pickup_point_code }))
  )
  setShippingMethodPickupPointStep(change)
  const built = buildShipmentIntentWorkflow.runAsStep({ input: transform({ change }, ({ change }) => ({ order_id: change.order_id })) })
  // Before anything is cancelled on the service: a refusal here leaves the old shipment order live.
  const intent = checkPickupPointChangeIntentStep(transform({ change, built }, ({ change, built }) => ({ change, intent: built })))
  cancelShipmentStep(
    transform({ change, input }, ({ change, input }) => ({
      order_id: change.order_id,
      shipment_id: change.shipment_id,
      notes: pickupPointChangedToMessage(change.to_code, input.note),
    }))
  )
  const shipment = supersedeShipmentStep(
    transform({ change, intent, input }, ({ change, intent, input }) => ({
      change,
      intent,
      actor_id: input.actor_id ?? null,
      note: input.note,
    }))
  )
  // The old shipment is archived by now: a second change of it finds nothing to change.
  releaseLockStep(lock).config({ name: "pickup-point-unlock-pickup-point-change" })
  const advanced = advanceShipmentStep(
    transform({ shipment }, ({ shipment }) => ({ shipment_id: shipment.status === "pending" ? shipment.id : null }))
  ).config({ name: "pickup-point-advance-changed-shipment" })
  return new WorkflowResponse(transform({ shipment, advanced }, ({ shipment, advanced }) => advanced ?? shipment))
})
