import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { advanceAndAnnounce } from "../utils/advance-and-announce"
import { shipmentWork } from "../utils/shipment-work"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const advanceDueShipmentsStepId = "pickup-point-advance-due-shipments"

/**
 * Works through shipments whose creation is still open or whose cancel is
 * due, one at a time. No compensation: each shipment's progress is recorded
 * as it happens, and that record is what the next run starts from. A
 * shipment that fails unexpectedly is logged and the run goes on.
 */
export const advanceDueShipmentsStep = createStep(advanceDueShipmentsStepId, async (input: { limit: number }, { container }) => {
  const work = shipmentWork(container)
  const ids = await work.pickupPoints.listDueShipmentIds(input.limit)
  const statuses: Record<string, number> = {}
  for (const id of ids) {
    let status: string
    try {
      const shipment = await advanceAndAnnounce(container, id, work)
      status = shipment?.status ?? "busy"
    } catch (error) {
      // One shipment that cannot be moved on must not hold up the others due after it.
      work.logger.error(`[pickup-point] shipment ${id} could not be moved on: ${safeErrorMessage(error)}`)
      status = "error"
    }
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  return new StepResponse({ processed: ids.length, statuses })
})
