import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { advanceAndAnnounceMany, type AdvanceOutcome } from "../utils/advance-and-announce"
import { shipmentWork } from "../utils/shipment-work"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const advanceDueShipmentsStepId = "pickup-point-advance-due-shipments"

/** Shipments worked on at once, as for a batch of new ones (see advance-shipments). */
const SHIPMENTS_AT_ONCE = 8
/**
 * Shipments claimed together: a run's due shipments are worked through in
 * such chunks, so that an admin's action on one of them waits for its
 * chunk (seconds), not for the whole run.
 */
const SHIPMENTS_PER_CLAIM = 2 * SHIPMENTS_AT_ONCE

/**
 * Works through shipments whose creation is still open or whose cancel is
 * due, in chunks of a batch each (see advanceShipments). No compensation: each
 * shipment's progress is recorded as it happens, and that record is what
 * the next run starts from. A shipment that fails unexpectedly is logged
 * and the others go on.
 */
export const advanceDueShipmentsStep = createStep(advanceDueShipmentsStepId, async (input: { limit: number }, { container }) => {
  const work = shipmentWork(container)
  const ids = await work.pickupPoints.listDueShipmentIds(input.limit)
  const outcomes = new Map<string, AdvanceOutcome>()
  for (let start = 0; start < ids.length; start += SHIPMENTS_PER_CLAIM) {
    const chunk = ids.slice(start, start + SHIPMENTS_PER_CLAIM)
    try {
      for (const [id, outcome] of await advanceAndAnnounceMany(container, chunk, work, { concurrency: SHIPMENTS_AT_ONCE })) outcomes.set(id, outcome)
    } catch (error) {
      // The chunk's claim or read failed (the database a moment away): the next chunk is tried all the same.
      for (const id of chunk) outcomes.set(id, { error })
    }
  }
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
