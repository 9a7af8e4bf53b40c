import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { claimPlatformConfirmations, processPlatformConfirmation, receivedConfirmation, type WebhookOutcome } from "../utils/platform-confirmation"

export const handlePlatformConfirmationStepId = "pickup-point-handle-platform-confirmation"

export type { WebhookOutcome }

/** A fresh delivery's raw body, or the id of a stored delivery an admin reprocesses. */
export type PlatformConfirmationInput = { raw_body: string } | { delivery_id: string }

/**
 * Processes one authenticated delivery of the platform's webhook. Each body
 * is claimed by its digest first, so that of identical deliveries at once
 * one is processed; a redelivery is answered as a duplicate only when the
 * earlier delivery was applied (or had nothing to apply): one that was
 * refused, failed or found no shipment is processed again (a failure after
 * its status was recorded leaves it applied: see processPlatformConfirmation).
 * A confirmation goes through the same path as the sync. Every delivery is kept with its
 * verdict, and a readable one with its payload (the documented fields only:
 * reference code, status, description, tracking number; nothing personal,
 * no header, no key), so that an admin can reprocess one that failed or
 * found no shipment (`delivery_id`): claimed by id, then read and applied
 * by the same code (utils/platform-confirmation.ts, which the webhook's route
 * also calls directly, without a workflow run per delivery). No
 * compensation: the delivery record is the fact of what arrived.
 */
export const handlePlatformConfirmationStep = createStep(
  handlePlatformConfirmationStepId,
  async (input: PlatformConfirmationInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)

    if ("delivery_id" in input) {
      const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ id: input.delivery_id }, { take: 1 })
      if (!delivery) {
        return new StepResponse<WebhookOutcome>({ http_status: 404, verdict: "not_found", message: `No webhook delivery has the id ${input.delivery_id}` })
      }
      if (!(await pickupPoints.claimWebhookDeliveryForReprocess(delivery.id))) {
        return new StepResponse<WebhookOutcome>({ http_status: 409, verdict: delivery.verdict, message: notReprocessable(delivery.verdict, !!delivery.payload), delivery_id: delivery.id })
      }
      return new StepResponse(await processPlatformConfirmation(container, delivery.id, delivery.payload))
    }
    const [claim] = await claimPlatformConfirmations(container, [receivedConfirmation(input.raw_body)])
    if ("duplicate" in claim) {
      return new StepResponse(claim.duplicate)
    }
    return new StepResponse(await processPlatformConfirmation(container, claim.claim_id, claim.body, claim.shipment))
  }
)

function notReprocessable(verdict: string, hasPayload: boolean): string {
  switch (verdict) {
    case "applied":
    case "unchanged":
      return `This delivery was already processed (${verdict}); there is nothing to reprocess.`
    case "processing":
      return hasPayload
        ? "This delivery is being processed right now; reload the page in a moment to see its verdict (one still processing after two minutes can be reprocessed)."
        : "This delivery's body could not be read, and its processing has not stored the refusal yet; the tracking job stores it within its next run. Only the platform can send a corrected body."
    case "invalid_payload":
      return "This delivery's body could not be read; only the platform can send a corrected one."
    default:
      return hasPayload
        ? `Only a delivery whose processing failed or found no shipment can be reprocessed (this one is ${verdict}).`
        : "This delivery kept no payload to reprocess; only the platform can send it again."
  }
}
