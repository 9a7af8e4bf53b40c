import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { CANCELLABLE_STATUSES } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"

export const sweepCancelledOrdersStepId = "pickup-point-sweep-cancelled-orders"

export type SweepCancelledOrdersInput = {
  /** Shipments read, and orders asked about, per query. */
  batch_size: number
  /** Orders cancelled more recently than this are left to the order.canceled subscriber (an event may wait its turn, or a redelivery). */
  grace_ms: number
}

/** What the shipment's history and last error say about a cancel the sweep found owed. */
export const LOST_CANCEL_NOTE = HISTORY_MESSAGES.cancelLost

/**
 * Finds shipments that can still be cancelled, with no cancel requested,
 * whose order Medusa has cancelled: an order.canceled event that died with
 * its process. Requests their cancel, which the retry job carries out as it
 * does any owed cancel. Reads every such shipment by id, a batch at a time
 * (only those before a label: a store's orders in progress, found through
 * the index on status). Safe with several processes and with the
 * subscriber: a request is recorded only while the shipment can still be
 * cancelled, and once. No compensation.
 */
export const sweepCancelledOrdersStep = createStep(
  sweepCancelledOrdersStepId,
  async (input: SweepCancelledOrdersInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const cancelledBefore = new Date(Date.now() - input.grace_ms)
    let lookedAt = 0
    const requested: string[] = []
    for (let after = ""; ; ) {
      const shipments = await pickupPoints.listPickupPointShipments(
        { status: [...CANCELLABLE_STATUSES], cancel_requested_at: null, id: { $gt: after } },
        { select: ["id", "order_id"], take: input.batch_size, order: { id: "ASC" } }
      )
      if (!shipments.length) break
      lookedAt += shipments.length
      const { data: cancelled } = await query.graph({
        entity: "order",
        fields: ["id"],
        filters: { id: shipments.map((s) => s.order_id), status: "canceled", canceled_at: { $lt: cancelledBefore } },
      })
      const cancelledIds = new Set(cancelled.map((o) => o.id))
      for (const shipment of shipments.filter((s) => cancelledIds.has(s.order_id))) {
        if (await pickupPoints.requestShipmentCancel(shipment.id, LOST_CANCEL_NOTE)) requested.push(shipment.id)
      }
      if (shipments.length < input.batch_size) break
      after = shipments[shipments.length - 1].id
    }
    return new StepResponse({ looked_at: lookedAt, requested })
  }
)
