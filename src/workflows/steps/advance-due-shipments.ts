import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { advanceAndAnnounceMany, type AdvanceOutcome } from "../utils/advance-and-announce"
import { SHIPMENTS_AT_ONCE } from "./advance-shipments"
import { shipmentWork } from "../utils/shipment-work"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const advanceDueShipmentsStepId = "pickup-point-advance-due-shipments"

/**
 * Shipments claimed together: a run's due shipments are worked through in
 * such chunks, so that an admin's action on one of them waits for its
 * chunk (seconds), not for the whole run.
 */
const SHIPMENTS_PER_CLAIM = 2 * SHIPMENTS_AT_ONCE

/**
 * Works through shipments whose creation is still open or whose cancel is
 * due, at most `limit` a run, claimed a chunk at a time among those no
 * other process is claiming (so that processes running the job together
 * share the work), each chunk a batch (see advanceShipments). No
 * compensation: each shipment's progress is recorded as it happens, and
 * that record is what the next run starts from. A shipment that fails
 * unexpectedly is logged and the others go on.
 */
export const advanceDueShipmentsStep = createStep(advanceDueShipmentsStepId, async (input: { limit: number }, { container }) => {
  const work = shipmentWork(container)
  const statuses: Record<string, number> = {}
  // Worked on this run: a shipment postponed or moved on is not taken again before the next.
  const seen: string[] = []
  while (seen.length < input.limit) {
    const want = Math.min(SHIPMENTS_PER_CLAIM, input.limit - seen.length)
    let outcomes: Map<string, AdvanceOutcome>
    try {
      outcomes = await advanceAndAnnounceMany(container, { due: want, except: seen }, work, { concurrency: SHIPMENTS_AT_ONCE })
    } catch (error) {
      // The claim or the read back failed (the database a moment away): the next run tries again.
      work.logger.error(`[pickup-point] the retry job could not move shipments on: ${safeErrorMessage(error)}`)
      break
    }
    for (const [id, outcome] of outcomes) {
      seen.push(id)
      let status: string
      if ("error" in outcome) {
        // One shipment that cannot be moved on must not hold up the others due with it.
        work.logger.error(`[pickup-point] shipment ${id} could not be moved on: ${safeErrorMessage(outcome.error)}`)
        status = "error"
      } else {
        status = outcome.shipment.status
      }
      statuses[status] = (statuses[status] ?? 0) + 1
    }
    if (outcomes.size < want) break
  }
  return new StepResponse({ processed: seen.length, statuses })
})
