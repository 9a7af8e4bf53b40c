import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isCreationOpen } from "../../modules/pickup-point/lib/statuses"
import { HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"
import type { PickupPointShipmentDTO } from "../../modules/pickup-point/types"
import { cancelShipment, shipmentWork } from "../utils/shipment-work"

export const cancelIntentOfCancelledOrderStepId = "pickup-point-cancel-intent-of-cancelled-order"

/**
 * Reads the order's status again once its shipment is on record: an order
 * cancelled between the intent's build and its record had its order.canceled
 * subscriber find nothing to cancel, so the creation cancels the shipment
 * itself (looking it up on the service first when it was recovered). After
 * the record, a later cancel finds it. No compensation: a cancel cannot be
 * taken back.
 */
export const cancelIntentOfCancelledOrderStep = createStep(
  cancelIntentOfCancelledOrderStepId,
  async (intent: PickupPointShipmentDTO | null, { container }) => {
    if (!intent || !isCreationOpen(intent.status)) {
      return new StepResponse(intent)
    }
    const { data: orders } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["status"],
      filters: { id: intent.order_id },
    })
    if (orders[0]?.status !== "canceled") {
      return new StepResponse(intent)
    }
    return new StepResponse(
      await cancelShipment(shipmentWork(container), intent, HISTORY_MESSAGES.orderCancelledBeforeCreation, { deferOnCarrierError: true })
    )
  }
)
