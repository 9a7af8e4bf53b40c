import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { randomUUID } from "node:crypto"

export const lockPickupPointChangeStepId = "pickup-point-lock-pickup-point-change"

/** How long a change may hold its shipment before the lock lapses: the service's cancel with its retries fits in it. */
const CHANGE_LOCK_SECONDS = 120

/**
 * One change of pickup point per shipment at a time (Medusa's Locking
 * module): a second one is refused at once (409) rather than writing the
 * order's shipping method while the first is cancelling and recording.
 * The compare-and-set checks of the later steps still hold where the lock
 * does not (the in-memory locking provider across processes).
 * Compensation: gives the lock back.
 */
export const lockPickupPointChangeStep = createStep(
  lockPickupPointChangeStepId,
  async (input: { shipment_id: string }, { container }) => {
    const lock = { key: `pickup-point-change:${input.shipment_id}`, ownerId: randomUUID() }
    try {
      await container.resolve(Modules.LOCKING).acquire(lock.key, { ownerId: lock.ownerId, expire: CHANGE_LOCK_SECONDS })
    } catch {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Another change of pickup point is under way for shipment ${input.shipment_id}: wait for it to finish, then reload the order.`
      )
    }
    return new StepResponse(lock, lock)
  },
  async (lock, { container }) => {
    if (!lock) return
    await container.resolve(Modules.LOCKING).release(lock.key, { ownerId: lock.ownerId })
  }
)
