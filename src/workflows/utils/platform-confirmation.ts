import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readPlatformConfirmation } from "../../modules/pickup-point/lib/webhook-payload"
import { applyTrackingUpdates } from "./apply-tracking-updates"

export type WebhookOutcome = { http_status: 200 | 202 | 400 | 404 | 409; verdict: string; message: string; delivery_id?: string }

/**
 * Claims a fresh delivery's body by its digest: of identical deliveries at
 * once one is processed, and a redelivery is answered as a duplicate (one
 * statement, nothing else read) only when the earlier delivery was applied
 * (or had nothing to apply) or is being processed; one that was refused,
 * failed or found no shipment is claimed again.
 */
export async function claimPlatformConfirmation(
  container: MedusaContainer,
  rawBody: string
): Promise<{ duplicate: WebhookOutcome } | { claim_id: string; body: unknown }> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const digest = createHash("sha256").update(rawBody).digest("hex")
  const claim = await pickupPoints.claimWebhookDelivery(digest)
  if (!claim.claimed) {
    return {
      duplicate: {
        http_status: 200,
        verdict: "duplicate",
        message: claim.verdict === "processing" ? "Already received; being processed" : `Already received (${claim.verdict})`,
        delivery_id: claim.id,
      },
    }
  }
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    body = undefined
  }
  return { claim_id: claim.id, body }
}

/**
 * Processes a claimed delivery (fresh, or stored and reprocessed): reads the
 * confirmation, finds its shipment by reference code (one indexed read),
 * applies the status through the sync's path (one statement) and stores the
 * verdict (one statement). Every delivery is kept with its verdict, and a
 * readable one with its payload (the documented fields only: reference
 * code, status, description, tracking number; nothing personal, no header,
 * no key). A failure is stored as `failed` (not settled: a redelivery or an
 * admin's reprocess processes the kept payload again) and rethrown.
 */
export async function processPlatformConfirmation(container: MedusaContainer, claimId: string, body: unknown): Promise<WebhookOutcome> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const settle = (fields: Parameters<PickupPointModuleService["settleWebhookDelivery"]>[1]) => pickupPoints.settleWebhookDelivery(claimId, fields)

  let kept: { order_reference_code?: string; status_code?: string; payload?: unknown } = {}
  try {
    const confirmation = readPlatformConfirmation(body)
    if ("problem" in confirmation) {
      await settle({ verdict: "invalid_payload", result: confirmation.problem })
      return { http_status: 400, verdict: "invalid_payload", message: `Invalid confirmation: ${confirmation.problem}`, delivery_id: claimId }
    }
    // Only the documented fields are kept: no headers, nothing secret.
    kept = { order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload: { ...confirmation } }
    const shipmentId = await pickupPoints.findShipmentIdByReference(confirmation.orderReferenceCode)
    if (!shipmentId) {
      await settle({ verdict: "unknown_order", result: "No shipment has this order reference code", ...kept })
      return { http_status: 202, verdict: "unknown_order", message: "Acknowledged: no shipment has this order reference code", delivery_id: claimId }
    }

    const result = await applyTrackingUpdates(container, [
      {
        shipment_id: shipmentId,
        status_code: confirmation.statusCode,
        status_description: confirmation.statusDescription,
        tracking_number: confirmation.trackingNumber,
        source: "webhook",
      },
    ])
    const verdict = result.transitions.length ? "applied" : "unchanged"
    await settle({
      verdict,
      result: verdict === "applied" ? `Moved to ${result.transitions[0].stage}` : "Recorded; not further than the current status, or waiting for the label",
      shipment_id: shipmentId,
      ...kept,
    })
    return { http_status: 200, verdict, message: "Received", delivery_id: claimId }
  } catch (error) {
    await settle({ verdict: "failed", result: "Processing failed; a redelivery or Reprocess processes it again", ...kept })
    throw error
  }
}
