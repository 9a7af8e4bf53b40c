import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentIntent, ShipmentRef } from "../../modules/pickup-point/types"
import { creationEvents, emitShipmentEvents } from "../utils/shipment-events"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const recordShipmentIntentsStepId = "pickup-point-record-shipment-intents"

/**
 * Records the intents before any call to the service, once per order
 * (whatever the number of times its order.placed event is delivered), in
 * one statement: the shipments, new or already on record (what the next
 * steps need of them: the workflow engine copies each step's input). An
 * order whose intent cannot be recorded is logged and listed in `failed`,
 * after those whose intent could not be built; the others go on. No
 * compensation: the record is what lets the retry job finish the work if a
 * later step fails.
 */
export const recordShipmentIntentsStep = createStep(recordShipmentIntentsStepId, async (input: { intents: ShipmentIntent[]; failed: string[] }, { container }) => {
  const { intents } = input
  const shipments: ShipmentRef[] = []
  const failed = [...input.failed]
  if (!intents.length) return new StepResponse({ shipments, failed })
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const notRecorded = (intent: ShipmentIntent, error: unknown) => {
    failed.push(intent.order_id)
    logger.error(`[pickup-point] the shipment of order ${intent.order_number} (${intent.order_id}) could not be recorded: ${safeErrorMessage(error)}`)
  }
  let recorded: Awaited<ReturnType<PickupPointModuleService["recordShipmentIntents"]>>
  try {
    recorded = await pickupPoints.recordShipmentIntents(intents)
  } catch (error) {
    intents.forEach((intent) => notRecorded(intent, error))
    return new StepResponse({ shipments, failed })
  }
  const events = []
  for (const [i, outcome] of recorded.entries()) {
    if ("error" in outcome) {
      notRecorded(intents[i], outcome.error)
      continue
    }
    const { id, order_id, status } = outcome.shipment
    shipments.push({ id, order_id, status })
    // A shipment recorded as failed at once (data missing from the order) is announced.
    if (outcome.created) events.push(...creationEvents("pending", outcome.shipment))
  }
  await emitShipmentEvents(container, events)
  return new StepResponse({ shipments, failed })
})
