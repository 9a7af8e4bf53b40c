import { createHash } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readPlatformConfirmation } from "../../modules/pickup-point/lib/webhook-payload"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"

export const handlePlatformConfirmationStepId = "pickup-point-handle-platform-confirmation"

export type WebhookOutcome = { http_status: 200 | 202 | 400 | 404 | 409; verdict: string; message: string; delivery_id?: string }

/** A fresh delivery's raw body, or the id of a stored delivery an admin reprocesses. */
export type PlatformConfirmationInput = { raw_body: string } | { delivery_id: string }

/**
 * Processes one authenticated delivery of the platform's webhook. Each body
 * is claimed by its digest first, so that of identical deliveries at once
 * one is processed; a redelivery is answered as a duplicate only when the
 * earlier delivery was applied (or had nothing to apply): one that was
 * refused, failed or found no shipment is processed again. A confirmation
 * goes through the same path as the sync. Every delivery is kept with its
 * verdict, and a readable one with its payload (the documented fields only:
 * reference code, status, description, tracking number; nothing personal,
 * no header, no key), so that an admin can reprocess one that failed or
 * found no shipment (`delivery_id`): claimed by id, then read and applied
 * by the same code below. No compensation: the delivery record is the fact
 * of what arrived.
 */
export const handlePlatformConfirmationStep = createStep(
  handlePlatformConfirmationStepId,
  async (input: PlatformConfirmationInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)

    let claimId: string
    let body: unknown
    if ("delivery_id" in input) {
      const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ id: input.delivery_id }, { take: 1 })
      if (!delivery) {
        return new StepResponse<WebhookOutcome>({ http_status: 404, verdict: "not_found", message: `No webhook delivery has the id ${input.delivery_id}` })
      }
      if (!(await pickupPoints.claimWebhookDeliveryForReprocess(delivery.id))) {
        return new StepResponse<WebhookOutcome>({ http_status: 409, verdict: delivery.verdict, message: notReprocessable(delivery.verdict, !!delivery.payload), delivery_id: delivery.id })
      }
      claimId = delivery.id
      body = delivery.payload
    } else {
      const digest = createHash("sha256").update(input.raw_body).digest("hex")
      const claim = await pickupPoints.claimWebhookDelivery(digest)
      if (!claim.claimed) {
        return new StepResponse<WebhookOutcome>({
          http_status: 200,
          verdict: "duplicate",
          message: claim.verdict === "processing" ? "Already received; being processed" : `Already received (${claim.verdict})`,
          delivery_id: claim.id,
        })
      }
      claimId = claim.id
      try {
        body = JSON.parse(input.raw_body)
      } catch {
        body = undefined
      }
    }
    const record = (fields: Record<string, unknown>) =>
      pickupPoints.updatePickupPointWebhookDeliveries({ id: claimId, received_at: new Date(), ...fields } as never)

    let kept: Record<string, unknown> = {}
    try {
      const confirmation = readPlatformConfirmation(body)
      if ("problem" in confirmation) {
        await record({ verdict: "invalid_payload", result: confirmation.problem })
        return new StepResponse<WebhookOutcome>({ http_status: 400, verdict: "invalid_payload", message: `Invalid confirmation: ${confirmation.problem}`, delivery_id: claimId })
      }
      // Only the documented fields are kept: no headers, nothing secret.
      const payload = { ...confirmation }
      kept = { order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload }
      const shipment = await pickupPoints.findShipmentByReference(confirmation.orderReferenceCode)
      if (!shipment) {
        await record({ verdict: "unknown_order", result: "No shipment has this order reference code", ...kept })
        return new StepResponse<WebhookOutcome>({ http_status: 202, verdict: "unknown_order", message: "Acknowledged: no shipment has this order reference code", delivery_id: claimId })
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
        shipment_id: shipment.id,
        ...kept,
      })
      return new StepResponse<WebhookOutcome>({ http_status: 200, verdict, message: "Received", delivery_id: claimId })
    } catch (error) {
      // Not settled: the platform's redelivery, or an admin's reprocess, processes the kept payload again.
      await record({ verdict: "failed", result: "Processing failed; a redelivery or Reprocess processes it again", ...kept })
      throw error
    }
  }
)

function notReprocessable(verdict: string, hasPayload: boolean): string {
  switch (verdict) {
    case "applied":
    case "unchanged":
      return `This delivery was already processed (${verdict}); there is nothing to reprocess.`
    case "processing":
      return "This delivery is being processed right now; reload the page in a moment to see its verdict."
    case "invalid_payload":
      return "This delivery's body could not be read; only the platform can send a corrected one."
    default:
      return hasPayload
        ? `Only a delivery whose processing failed or found no shipment can be reprocessed (this one is ${verdict}).`
        : "This delivery kept no payload to reprocess; only the platform can send it again."
  }
}
