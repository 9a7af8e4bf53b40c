import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { advanceAndAnnounceMany } from "../utils/advance-and-announce"
import { shipmentWork } from "../utils/shipment-work"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const advanceDueShipmentsStepId = "pickup-point-advance-due-shipments"

/** Shipments worked on at once, as for a batch of new ones (see advance-shipments). */
const SHIPMENTS_AT_ONCE = 8

/**
 * Works through shipments whose creation is still open or whose cancel is
 * due, as one batch (see advanceShipments). No compensation: each
 * shipment's progress is recorded as it happens, and that record is what
 * the next run starts from. A shipment that fails unexpectedly is logged
 * and the others go on.
 */
export const advanceDueShipmentsStep = createStep(advanceDueShipmentsStepId, async (input: { limit: number }, { container }) => {
  const work = shipmentWork(container)
  const ids = await work.pickupPoints.listDueShipmentIds(input.limit)
  const outcomes = await advanceAndAnnounceMany(container, ids, work, { concurrency: SHIPMENTS_AT_ONCE })
  const statuses: Record<string, number> = {}
  for (const id of ids) {
    const outcome = outcomes.get(id)
    let status: string
    if (outcome && "error" in outcome) {
      // One shipment that cannot be moved on must not hold up the others due with it.
      work.logger.error(`[pickup-point] shipment ${id} could not be moved on: ${safeErrorMessage(outcome.error)}`)
      status = "error"
    } else {
      status = outcome?.shipment.status ?? "busy"
    }
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  return new StepResponse({ processed: ids.length, statuses })
})
