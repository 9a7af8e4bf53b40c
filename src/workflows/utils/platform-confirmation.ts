import { createHash } from "node:crypto"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { readPlatformConfirmation, type PlatformConfirmation } from "../../modules/pickup-point/lib/webhook-payload"
import { WEBHOOK_RESULTS } from "../../modules/pickup-point/lib/webhook-results"
import type { TrackingTransition } from "../../modules/pickup-point/types"
import { tellMedusaOfTransitions } from "./apply-tracking-updates"
import { safeErrorMessage } from "./to-medusa-error"

export type WebhookOutcome = { http_status: 200 | 202 | 400 | 404 | 409; verdict: string; message: string; delivery_id?: string }

/** A claimed delivery: its body, and the shipment its order reference code names when it has a readable one. */
export type ClaimedConfirmation = { claim_id: string; body: unknown; shipment?: { id: string | null } }

/** A delivery's body as received: its digest (by which a replay is known) and the body parsed. */
export type ReceivedConfirmation = { digest: string; body: unknown }

/** What processing a claimed delivery came to: its outcome, or the error it failed with (stored as `failed`). */
export type ProcessedConfirmation = { outcome: WebhookOutcome } | { error: unknown }

export function receivedConfirmation(rawBody: string): ReceivedConfirmation {
  return { digest: createHash("sha256").update(rawBody).digest("hex"), body: parseJson(rawBody) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** What is kept of a readable confirmation with its delivery: the documented fields only, no header, nothing secret. */
function keptFields(confirmation: PlatformConfirmation) {
  return { order_reference_code: confirmation.orderReferenceCode, status_code: confirmation.statusCode, payload: { ...confirmation } }
}

/**
 * Claims fresh deliveries' bodies by their digests, in one statement (two
 * when a redelivery may take a claim over): of identical deliveries at once
 * one is processed, and a redelivery is answered as a duplicate (nothing
 * else read) only when the earlier delivery was applied (or had nothing to
 * apply) or is being processed; one that was refused, failed or found no
 * shipment is claimed again. The same statement looks up the shipment each
 * readable body names. Answers in the order received.
 */
export async function claimPlatformConfirmations(
  container: MedusaContainer,
  received: readonly ReceivedConfirmation[]
): Promise<({ duplicate: WebhookOutcome } | ClaimedConfirmation)[]> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const claims = await pickupPoints.claimWebhookDeliveries(
    received.map(({ digest, body }) => {
      const confirmation = readPlatformConfirmation(body)
      // A readable body is kept with its claim, so that nothing is lost if this process dies before it
      // settles: its redeliveries are answered as duplicates meanwhile.
      return { digest, read: "problem" in confirmation ? {} : keptFields(confirmation) }
    })
  )
  // The same body twice in one batch is one claim (the module counts both deliveries): the first is its claimant.
  const claimants = new Map<string, number>()
  received.forEach(({ digest }, index) => claimants.has(digest) || claimants.set(digest, index))
  return received.map(({ digest, body }, index) => {
    const claim = claims.get(digest)!
    if (!claim.claimed || claimants.get(digest) !== index) {
      const { verdict } = claim
      return {
        duplicate: {
          http_status: 200,
          verdict: "duplicate",
          message: verdict === "processing" ? "Already received; being processed" : `Already received (${verdict})`,
          delivery_id: claim.id,
        },
      }
    }
    return { claim_id: claim.id, body, ...(claim.shipment_id === undefined ? {} : { shipment: { id: claim.shipment_id } }) }
  })
}

/**
 * Processes claimed deliveries (fresh, or stored and reprocessed): reads
 * each confirmation, finds its shipment by reference code (one indexed read,
 * unless the claim found it), and applies the statuses through the sync's
 * path and stores the verdicts, one statement for the deliveries of
 * different shipments (a second delivery for the same shipment goes in the
 * next one, each verdict saying whether its own status moved its shipment).
 * Every delivery is kept with its verdict, and a readable one with its
 * payload (the documented fields only: reference code, status, description,
 * tracking number; nothing personal, no header, no key). A failure before a
 * verdict is stored is stored as `failed` (not settled: a redelivery or an
 * admin's reprocess processes the kept payload again) and answered as that
 * delivery's error; one after it (telling Medusa the fulfillment shipped,
 * once every statement is stored: `whenRecorded` is called then) is
 * logged, the delivery answered as applied, and the tracking sync applies
 * the transition it left (listUnappliedTransitions). Answers in the order
 * given.
 */
export async function processPlatformConfirmations(
  container: MedusaContainer,
  claimed: readonly ClaimedConfirmation[],
  { whenRecorded }: { whenRecorded?: () => void } = {}
): Promise<ProcessedConfirmation[]> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const results: ProcessedConfirmation[] = new Array(claimed.length)
  const failed = async (index: number, error: unknown, kept: Partial<ReturnType<typeof keptFields>> = {}) => {
    try {
      await pickupPoints.settleWebhookDelivery(claimed[index].claim_id, { verdict: "failed", result: WEBHOOK_RESULTS.failed, ...kept })
    } catch {
      // Left `processing`: once stale, the tracking job processes it again from what its claim kept,
      // or, with nothing kept (an unreadable body), settles it as refused.
    }
    results[index] = { error }
  }

  // Read, and matched to a shipment; refused or unmatched deliveries are settled one by one (rare).
  type Appliable = { index: number; shipment_id: string; confirmation: PlatformConfirmation }
  const appliable: Appliable[] = []
  await Promise.all(
    claimed.map(async ({ claim_id, body, shipment }, index) => {
      const confirmation = readPlatformConfirmation(body)
      const kept = "problem" in confirmation ? {} : keptFields(confirmation)
      try {
        if ("problem" in confirmation) {
          await pickupPoints.settleWebhookDelivery(claim_id, { verdict: "invalid_payload", result: confirmation.problem })
          results[index] = { outcome: { http_status: 400, verdict: "invalid_payload", message: `Invalid confirmation: ${confirmation.problem}`, delivery_id: claim_id } }
          return
        }
        const shipmentId = shipment ? shipment.id : await pickupPoints.findShipmentIdByReference(confirmation.orderReferenceCode)
        if (!shipmentId) {
          await pickupPoints.settleWebhookDelivery(claim_id, { verdict: "unknown_order", result: WEBHOOK_RESULTS.unknownOrder, ...kept })
          results[index] = {
            outcome: { http_status: 202, verdict: "unknown_order", message: "Acknowledged: no shipment has this order reference code", delivery_id: claim_id },
          }
          return
        }
        appliable.push({ index, shipment_id: shipmentId, confirmation })
      } catch (error) {
        await failed(index, error, kept)
      }
    })
  )

  // One delivery a shipment a statement: a shipment's verdict says whether that delivery's status moved it.
  const told: { transitions: TrackingTransition[]; claimIds: string[] } = { transitions: [], claimIds: [] }
  let waiting = appliable.sort((a, b) => a.index - b.index)
  while (waiting.length) {
    const round = new Map<string, Appliable>()
    const later: Appliable[] = []
    for (const delivery of waiting) {
      if (round.has(delivery.shipment_id)) later.push(delivery)
      else round.set(delivery.shipment_id, delivery)
    }
    waiting = later
    const deliveries = [...round.values()]
    let transitions: TrackingTransition[]
    try {
      const recorded = await pickupPoints.recordTrackingUpdates(
        deliveries.map(({ shipment_id, confirmation }) => ({
          shipment_id,
          status_code: confirmation.statusCode,
          status_description: confirmation.statusDescription,
          tracking_number: confirmation.trackingNumber,
          source: "webhook" as const,
        })),
        { settle: deliveries.map(({ index, shipment_id, confirmation }) => ({ id: claimed[index].claim_id, shipment_id, ...keptFields(confirmation) })) }
      )
      transitions = recorded.transitions
    } catch (error) {
      await Promise.all(deliveries.map(({ index, confirmation }) => failed(index, error, keptFields(confirmation))))
      continue
    }
    const moved = new Set(transitions.map((t) => t.shipment_id))
    for (const { index, shipment_id } of deliveries) {
      const verdict = moved.has(shipment_id) ? "applied" : "unchanged"
      results[index] = { outcome: { http_status: 200, verdict, message: "Received", delivery_id: claimed[index].claim_id } }
      if (verdict === "applied") told.claimIds.push(claimed[index].claim_id)
    }
    told.transitions.push(...transitions)
  }
  whenRecorded?.()

  try {
    // In the order recorded: a shipment's second move after its first.
    await tellMedusaOfTransitions(container, told.transitions)
  } catch (error) {
    // The deliveries are applied and their verdicts stored: the platform is answered so, and the tracking
    // sync tells Medusa again (listUnappliedTransitions). An error here would make it send duplicates.
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`[pickup-point] webhook deliveries ${told.claimIds.join(", ")} applied; Medusa could not be told yet (the tracking job tries again): ${safeErrorMessage(error)}`)
  }
  return results
}

/** processPlatformConfirmations for one delivery; its error thrown. */
export async function processPlatformConfirmation(
  container: MedusaContainer,
  claimId: string,
  body: unknown,
  shipment?: ClaimedConfirmation["shipment"]
): Promise<WebhookOutcome> {
  const [result] = await processPlatformConfirmations(container, [{ claim_id: claimId, body, ...(shipment ? { shipment } : {}) }])
  if ("error" in result) throw result.error
  return result.outcome
}
