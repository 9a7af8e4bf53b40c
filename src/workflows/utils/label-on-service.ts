import { normalizeStatusCode, ShipmentOrdersProtocolError, type GenerateLabelResult, type ShipmentOrdersClient } from "../../lib/shipment-orders"
import { TRACKING_STAGES, type TrackingStage } from "../../modules/pickup-point/lib/statuses"
import { stageOf } from "../../modules/pickup-point/lib/tracking-stages"
import type { PickupPointShipmentDTO } from "../../modules/pickup-point/types"

/** A label (DELIVERY) or a confirmation (STORAGE) that exists on the service. */
export type LabelOnService = { kind: "label"; pdf: Buffer; trackingNumber: string | null } | { kind: "confirmed"; trackingNumber: string | null }

/**
 * What a generateLabel answer made, for the shipment's merchant. The spec
 * gives a DELIVERY merchant its label in the answer: one without it cannot
 * be recorded as a STORAGE confirmation (its label would be lost, and the
 * fulfillment could no longer be cancelled), so it is an unreadable answer,
 * after which the label is looked for on the service (findLabelOnService).
 */
export function labelFromAnswer(result: GenerateLabelResult, merchantType: "DELIVERY" | "STORAGE"): LabelOnService {
  if (result.kind === "label") {
    return { kind: "label", pdf: result.pdf, trackingNumber: result.trackingNumber ?? null }
  }
  if (merchantType === "DELIVERY") {
    throw new ShipmentOrdersProtocolError({
      operation: "generateLabel",
      problem: "the answer to a DELIVERY merchant carries no label (if the carrier's account is a STORAGE merchant's, set the merchantType option to STORAGE)",
    })
  }
  return { kind: "confirmed", trackingNumber: null }
}

/**
 * Finds out, with read-only calls, whether the service made a shipment's
 * label (or confirmation) although its answer never arrived: the status
 * shows a label stage or later, and a DELIVERY label can then be
 * downloaded. Null when there is none, or when the service has cancelled
 * the order (a cancel whose answer was lost). Throws when the service
 * cannot say.
 */
export async function findLabelOnService(
  client: ShipmentOrdersClient,
  shipment: Pick<PickupPointShipmentDTO, "order_reference_code" | "merchant_type" | "tracking_number">,
  mapping: Record<string, TrackingStage>
): Promise<LabelOnService | null> {
  const { stage, trackingNumber: reported } = await stageOnService(client, shipment.order_reference_code!, mapping)
  if (!hasLabelStage(stage)) {
    return null
  }
  const trackingNumber = reported ?? shipment.tracking_number ?? null
  if (shipment.merchant_type === "STORAGE") {
    return { kind: "confirmed", trackingNumber }
  }
  return { kind: "label", pdf: await client.downloadLabel(shipment.order_reference_code!), trackingNumber }
}

/** The stage the service reports for an order (one `status` call), null when it reports none. Throws when the service cannot say. */
export async function stageOnService(
  client: ShipmentOrdersClient,
  orderReferenceCode: string,
  mapping: Record<string, TrackingStage>
): Promise<{ stage: TrackingStage | null; trackingNumber: string | null }> {
  const { items } = await client.status([{ orderReferenceCode }])
  const tracking = items[0]?.success ? items[0].tracking : null
  return {
    stage: tracking?.status ? stageOf(normalizeStatusCode(tracking.status), mapping) : null,
    trackingNumber: tracking?.number ?? null,
  }
}

/** A label stage or later, and not cancelled: the service made the label (or confirmed the shipment). */
export function hasLabelStage(stage: TrackingStage | null): boolean {
  return !!stage && stage !== "cancelled" && TRACKING_STAGES[stage] >= TRACKING_STAGES.label
}
