import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointShipmentDTO, ShipmentIntent } from "../../modules/pickup-point/types"
import { concurrencyLimit } from "../utils/concurrency-limit"
import { creationEvents, emitShipmentEvents } from "../utils/shipment-events"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const recordShipmentIntentsStepId = "pickup-point-record-shipment-intents"

/** Records written at once: a batch's inserts share the database pool with the rest of the store. */
const RECORDS_AT_ONCE = 8

/**
 * Records each intent before any call to the service, once per order
 * (whatever the number of times its order.placed event is delivered): the
 * shipments, new or already on record. An order whose intent cannot be
 * recorded is logged and listed in `failed`; the others go on. No compensation:
 * the record is what lets the retry job finish the work if a later step fails.
 */
export const recordShipmentIntentsStep = createStep(recordShipmentIntentsStepId, async (intents: ShipmentIntent[], { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const limit = concurrencyLimit(RECORDS_AT_ONCE)
  const recorded = await Promise.all(
    intents.map((intent) =>
      limit(async () => {
        try {
          return await pickupPoints.recordShipmentIntent(intent)
        } catch (error) {
          container
            .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
            .error(`[pickup-point] the shipment of order ${intent.order_number} (${intent.order_id}) could not be recorded: ${safeErrorMessage(error)}`)
          return { failed: intent.order_id }
        }
      })
    )
  )
  // A shipment recorded as failed at once (data missing from the order) is announced.
  const shipments = recorded.flatMap((r) => ("shipment" in r ? [r] : []))
  await emitShipmentEvents(container, shipments.flatMap((r) => (r.created ? creationEvents("pending", r.shipment) : [])))
  return new StepResponse({
    shipments: shipments.map((r) => r.shipment) as PickupPointShipmentDTO[],
    failed: recorded.flatMap((r) => ("failed" in r ? [r.failed] : [])),
  })
})
