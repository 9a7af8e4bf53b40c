import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isCreationOpen } from "../../modules/pickup-point/lib/statuses"
import type { ShipmentRef } from "../../modules/pickup-point/types"
import { advanceAndAnnounceMany } from "../utils/advance-and-announce"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const advanceShipmentsStepId = "pickup-point-advance-shipments"

/**
 * Shipments worked on at once: their calls to the service overlap, while
 * the batch's database work stays within a share of the pool.
 */
export const SHIPMENTS_AT_ONCE = 8

/**
 * Moves those of a batch of shipments whose creation is open on as far as
 * the service allows now (see advanceShipments): each as it is after it,
 * or as it was when another process holds it or it could not be moved on
 * (logged; the retry job takes it again). No compensation: a shipment order made on the service
 * cannot be unmade by a rollback, and its record says where it is.
 */
export const advanceShipmentsStep = createStep(advanceShipmentsStepId, async (shipments: ShipmentRef[], { container }) => {
  const open = shipments.filter((shipment) => isCreationOpen(shipment.status))
  if (!open.length) return new StepResponse(shipments)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let outcomes: Awaited<ReturnType<typeof advanceAndAnnounceMany>>
  try {
    outcomes = await advanceAndAnnounceMany(container, open.map((shipment) => shipment.id), undefined, { concurrency: SHIPMENTS_AT_ONCE })
  } catch (error) {
    // Their claims could not be taken or read back (the database a moment away): recorded, they are the retry job's.
    logger.error(`[pickup-point] ${open.length} shipment(s) could not be moved on: ${safeErrorMessage(error)} The retry job takes them again.`)
    return new StepResponse(shipments)
  }
  return new StepResponse(
    shipments.map((shipment) => {
      const outcome = outcomes.get(shipment.id)
      if (outcome && "error" in outcome) {
        logger.error(`[pickup-point] shipment ${shipment.id} could not be moved on: ${safeErrorMessage(outcome.error)} The retry job takes it again.`)
        return shipment
      }
      if (!outcome) return shipment
      const { id, order_id, status } = outcome.shipment
      return { id, order_id, status }
    })
  )
})
