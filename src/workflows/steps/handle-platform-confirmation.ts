import { createHash } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readPlatformConfirmation } from "../../modules/pickup-point/lib/webhook-payload"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"

export const handlePlatformConfirmationStepId = "pickup-point-handle-platform-confirmation"

export type WebhookOutcome = { http_status: 200 | 202 | 400; verdict: string; message: string }

/**
 * Processes one authenticated delivery of the platform's webhook. Each body
 * is claimed by its digest first, so that of identical deliveries at once
 * one is processed; a redelivery is answered as a duplicate only when the
 * earlier delivery was applied (or had nothing to apply): one that was
 * refused, failed or found no shipment is processed again. A confirmation
 * goes through the same path as the sync. Every delivery is kept with its
 * verdict. No compensation: the delivery record is the fact of what arrived.
 */
export const handlePlatformConfirmationStep = createStep(
  handlePlatformConfirmationStepId,
  async (input: { raw_body: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const digest = createHash("sha256").update(input.raw_body).digest("hex")

    const claim = await pickupPoints.claimWebhookDelivery(digest)
    if (!claim.claimed) {
      return new StepResponse<WebhookOutcome>({
        http_status: 200,
        verdict: "duplicate",
        message: claim.verdict === "processing" ? "Already received; being processed" : `Already received (${claim.verdict})`,
      })
    }
    const record = (fields: Record<string, unknown>) =>
      pickupPoints.updatePickupPointWebhookDeliveries({ id: claim.id, received_at: new Date(), ...fields } as never)

    try {
      let body: unknown
      try {
        body = JSON.parse(input.raw_body)
      } catch {
        body = undefined
      }
      const confirmation = readPlatformConfirmation(body)
      if ("problem" in confirmation) {
        await record({ verdict: "invalid_payload", result: confirmation.problem })
        return new StepResponse<WebhookOutcome>({ http_status: 400, verdict: "invalid_payload", message: `Invalid confirmation: ${confirmation.problem}` })
      }
      // Only the documented fields are kept: no headers, nothing secret.
      const payload = { ...confirmation }
      const shipment = await pickupPoints.findShipmentByReference(confirmation.orderReferenceCode)
      if (!shipment) {
        await record({ verdict: "unknown_order", result: "No shipment has this order reference code", order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload })
        return new StepResponse<WebhookOutcome>({ http_status: 202, verdict: "unknown_order", message: "Acknowledged: no shipment has this order reference code" })
      }

      // The same path as the sync, called directly: this step is the webhook's workflow already.
      const result = await applyTrackingUpdates(container, [
        {
          shipment_id: shipment.id,
          status_code: confirmation.statusCode,
          status_description: confirmation.statusDescription,
          tracking_number: confirmation.trackingNumber,
          source: "webhook",
        },
      ])
      const verdict = result.transitions.length ? "applied" : "unchanged"
      await record({
        verdict,
        result: verdict === "applied" ? `Moved to ${result.transitions[0].stage}` : "Recorded; not further than the current status, or waiting for the label",
        order_reference_code: confirmation.orderReferenceCode,
        status_code: confirmation.statusCode,
        shipment_id: shipment.id,
        payload,
      })
      return new StepResponse<WebhookOutcome>({ http_status: 200, verdict, message: "Received" })
    } catch (error) {
      // Not settled: the platform's redelivery is processed again.
      await record({ verdict: "failed", result: "Processing failed; a redelivery is processed again" })
      throw error
    }
  }
)
