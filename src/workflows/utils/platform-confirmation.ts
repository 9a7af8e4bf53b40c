import { createHash } from "node:crypto"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readPlatformConfirmation } from "../../modules/pickup-point/lib/webhook-payload"
import { WEBHOOK_RESULTS } from "../../modules/pickup-point/lib/webhook-results"
import { tellMedusaOfTransitions } from "./apply-tracking-updates"
import { safeErrorMessage } from "./to-medusa-error"

export type WebhookOutcome = { http_status: 200 | 202 | 400 | 404 | 409; verdict: string; message: string; delivery_id?: string }

/** A claimed delivery: its body, and the shipment its order reference code names when it has a readable one. */
export type ClaimedConfirmation = { claim_id: string; body: unknown; shipment?: { id: string | null } }

/**
 * Claims a fresh delivery's body by its digest: of identical deliveries at
 * once one is processed, and a redelivery is answered as a duplicate (one
 * statement, nothing else read) only when the earlier delivery was applied
 * (or had nothing to apply) or is being processed; one that was refused,
 * failed or found no shipment is claimed again. The same statement looks
 * up the shipment a readable body names.
 */
export async function claimPlatformConfirmation(
  container: MedusaContainer,
  rawBody: string
): Promise<{ duplicate: WebhookOutcome } | ClaimedConfirmation> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const digest = createHash("sha256").update(rawBody).digest("hex")
  const body = parseJson(rawBody)
  const confirmation = readPlatformConfirmation(body)
  // A readable body is kept with its claim (the documented fields only), so that nothing is lost if
  // this process dies before it settles: its redeliveries are answered as duplicates meanwhile.
  const claim = await pickupPoints.claimWebhookDelivery(
    digest,
    "problem" in confirmation
      ? {}
      : { order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload: { ...confirmation } }
  )
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
  return { claim_id: claim.id, body, ...(claim.shipment_id === undefined ? {} : { shipment: { id: claim.shipment_id } }) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Processes a claimed delivery (fresh, or stored and reprocessed): reads the
 * confirmation, finds its shipment by reference code (one indexed read,
 * unless the claim found it), and applies the status through the sync's
 * path and stores the verdict (one statement). Every delivery is kept with
 * its verdict, and a readable one with its payload (the documented fields
 * only: reference code, status, description, tracking number; nothing
 * personal, no header, no key). A failure before the verdict is stored is
 * stored as `failed` (not settled: a redelivery or an admin's reprocess
 * processes the kept payload again) and rethrown; one after it (telling
 * Medusa the fulfillment shipped) is logged, the delivery answered as
 * applied, and the tracking sync applies the transition it left
 * (listUnappliedTransitions).
 */
export async function processPlatformConfirmation(
  container: MedusaContainer,
  claimId: string,
  body: unknown,
  shipment?: ClaimedConfirmation["shipment"]
): Promise<WebhookOutcome> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const settle = (fields: Parameters<PickupPointModuleService["settleWebhookDelivery"]>[1]) => pickupPoints.settleWebhookDelivery(claimId, fields)

  let kept: { order_reference_code?: string; status_code?: string; payload?: unknown } = {}
  let recorded: Awaited<ReturnType<PickupPointModuleService["recordTrackingUpdates"]>>
  try {
    const confirmation = readPlatformConfirmation(body)
    if ("problem" in confirmation) {
      await settle({ verdict: "invalid_payload", result: confirmation.problem })
      return { http_status: 400, verdict: "invalid_payload", message: `Invalid confirmation: ${confirmation.problem}`, delivery_id: claimId }
    }
    // Only the documented fields are kept: no headers, nothing secret.
    kept = { order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload: { ...confirmation } }
    const shipmentId = shipment ? shipment.id : await pickupPoints.findShipmentIdByReference(confirmation.orderReferenceCode)
    if (!shipmentId) {
      await settle({ verdict: "unknown_order", result: WEBHOOK_RESULTS.unknownOrder, ...kept })
      return { http_status: 202, verdict: "unknown_order", message: "Acknowledged: no shipment has this order reference code", delivery_id: claimId }
    }

    const update = {
      shipment_id: shipmentId,
      status_code: confirmation.statusCode,
      status_description: confirmation.statusDescription,
      tracking_number: confirmation.trackingNumber,
      source: "webhook" as const,
    }
    // The verdict (`applied` if the status moved the shipment, else `unchanged`) is stored by the same statement.
    recorded = await pickupPoints.recordTrackingUpdates([update], { settle: { id: claimId, shipment_id: shipmentId, ...kept } })
  } catch (error) {
    await settle({ verdict: "failed", result: WEBHOOK_RESULTS.failed, ...kept })
    throw error
  }
  try {
    await tellMedusaOfTransitions(container, recorded.transitions)
  } catch (error) {
    // The delivery is applied and its verdict stored: the platform is answered so, and the tracking
    // sync tells Medusa again (listUnappliedTransitions). An error here would make it send a duplicate.
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`[pickup-point] webhook delivery ${claimId} applied; Medusa could not be told yet (the tracking job tries again): ${safeErrorMessage(error)}`)
  }
  return { http_status: 200, verdict: recorded.transitions.length ? "applied" : "unchanged", message: "Received", delivery_id: claimId }
}
