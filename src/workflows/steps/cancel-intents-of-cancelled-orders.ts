import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"
import { isCreationOpen } from "../../modules/pickup-point/lib/statuses"
import type { ShipmentRef } from "../../modules/pickup-point/types"
import { cancelShipment, shipmentWork } from "../utils/shipment-work"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const cancelIntentsOfCancelledOrdersStepId = "pickup-point-cancel-intents-of-cancelled-orders"

/**
 * Reads the orders' status again once their shipments are on record (one
 * query for the batch): an order cancelled between the intent's build and
 * its record had its order.canceled subscriber find nothing to cancel, so
 * the creation cancels the shipment itself (looking it up on the service
 * first when it was recovered). After the record, a later cancel finds it.
 * Returns the shipments as they are now, and those to create (open, and
 * not of a cancelled order). No compensation: a cancel cannot be taken back.
 */
export const cancelIntentsOfCancelledOrdersStep = createStep(
  cancelIntentsOfCancelledOrdersStepId,
  async (shipments: ShipmentRef[], { container }) => {
    const open = shipments.filter((shipment) => isCreationOpen(shipment.status))
    if (!open.length) return new StepResponse({ shipments, to_advance: open })
    const { data: orders } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "status"],
      filters: { id: open.map((shipment) => shipment.order_id) },
    })
    const cancelled = new Set(orders.filter((order) => order.status === "canceled").map((order) => order.id))
    if (!cancelled.size) return new StepResponse({ shipments, to_advance: open })
    const work = shipmentWork(container)
    const now: ShipmentRef[] = []
    const toAdvance: ShipmentRef[] = []
    for (const shipment of shipments) {
      if (!cancelled.has(shipment.order_id) || !isCreationOpen(shipment.status)) {
        now.push(shipment)
        if (isCreationOpen(shipment.status)) toAdvance.push(shipment)
        continue
      }
      try {
        const full = await work.pickupPoints.retrievePickupPointShipment(shipment.id)
        const { id, order_id, status } = await cancelShipment(work, full, HISTORY_MESSAGES.orderCancelledBeforeCreation, { deferOnCarrierError: true })
        now.push({ id, order_id, status })
      } catch (error) {
        // Not created here. Its cancel is requested for the retry job, which cancels before it creates; should that
        // write fail too (the database away), the cancelled-orders sweep requests it later.
        const requested = await work.pickupPoints.requestShipmentCancel(shipment.id, HISTORY_MESSAGES.orderCancelledBeforeCreation).catch(() => null)
        now.push(requested ? { id: requested.id, order_id: requested.order_id, status: requested.status } : shipment)
        work.logger.error(`[pickup-point] the shipment of cancelled order ${shipment.order_id} was not cancelled: ${safeErrorMessage(error)}`)
      }
    }
    return new StepResponse({ shipments: now, to_advance: toAdvance })
  }
)
