import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { trackingUrlFor } from "../../modules/pickup-point/lib/shopper-shipment-progress"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ShipmentStatus } from "../../modules/pickup-point/types"
import { heldShipmentRefusal } from "../../modules/pickup-point/lib/statuses"
import { isHeldByAnotherFulfillment } from "../utils/live-fulfillment"
import { safeErrorMessage } from "../utils/to-medusa-error"
import { emitShipmentEvents, PickupPointShipmentEvents } from "../utils/shipment-events"
import { HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"

export const recordShipmentLabelStepId = "pickup-point-record-shipment-label"

export type RecordShipmentLabelInput = {
  fulfillment_id: string
  shipment_id: string
  /** The status the shipment was read in when the label was asked for: the record lands only from it. */
  status: string
  order_reference_code: string
  kind: "label" | "confirmed"
  tracking_number: string | null
  file: { id: string; url: string } | null
  /** The label's path on this server (the plugin's admin route). */
  label_url: string | null
  /** The server's origin as the admin's request reached it; the `backendUrl` option comes first. */
  backend_url?: string | null
}

/** The label's link as Medusa's order page needs it: absolute, or left relative when no origin is known. */
export function absoluteLabelUrl(path: string | null, backendUrl: string | null | undefined): string | null {
  if (!path) return null
  return backendUrl ? `${backendUrl.replace(/\/+$/, "")}${path}` : path
}

/**
 * Records the label on the shipment (a compare-and-set from the status it
 * was asked in, so that of two fulfillments made at once only one gets the
 * shipment) and on the Medusa fulfillment: a fulfillment label with tracking
 * number and URL, and the facts the provider needs to refuse a cancel later.
 * No compensation: it is the workflow's last step. When the fulfillment's
 * update fails after the shipment's record, Medusa's workflow is compensated
 * and the fulfillment cancelled, so the shipment names a cancelled one: a
 * shipment's fulfillment that is cancelled or gone is taken over by the next
 * "Fulfill items" (the service gives the same label again).
 */
export const recordShipmentLabelStep = createStep(recordShipmentLabelStepId, async (input: RecordShipmentLabelInput, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const current = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
  // Checked before the label was asked for too; here for a fulfillment that took the shipment meanwhile.
  if (await isHeldByAnotherFulfillment(container, current, input.fulfillment_id)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, heldShipmentRefusal(current))
  }
  const labelUrl = absoluteLabelUrl(input.label_url, pickupPoints.options.backendUrl ?? input.backend_url)
  const trackingUrl = trackingUrlFor(pickupPoints.options.trackingUrlTemplate, input.tracking_number) ?? ""
  const status: ShipmentStatus = input.kind === "label" ? "label_generated" : "confirmed"
  const shipment = await pickupPoints.transitionShipment({
    id: input.shipment_id,
    from: input.status as ShipmentStatus,
    to: status,
    changes: {
      fulfillment_id: input.fulfillment_id,
      tracking_number: input.tracking_number ?? current.tracking_number,
      label_file_id: input.file?.id ?? null,
      label_url: labelUrl,
      label_requested_at: null,
      // The tracking sync follows it from here, however long after the order the label came; a
      // fulfillment that takes the shipment over gets the same label, and does not restart the window.
      shipped_off_at: current.shipped_off_at ?? new Date(),
      // What the fulfillment it takes over from was told (or left untold, as it was cancelled or gone) is not
      // this one's: the tracking sync tells it the moves so far afresh.
      ...(current.fulfillment_id && current.fulfillment_id !== input.fulfillment_id ? { shipped_at: null, delivered_at: null, telling_medusa_until: null, telling_medusa_by: null } : {}),
    },
    message: status === "confirmed" ? HISTORY_MESSAGES.confirmed : HISTORY_MESSAGES.labelGenerated,
  })
  if (!shipment) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `The shipment order of ${current.order_number} changed while its label was made; reload the order and try again.`
    )
  }
  const now = new Date().toISOString()
  await container.resolve(Modules.FULFILLMENT).updateFulfillment(input.fulfillment_id, {
    data: {
      shipment_id: shipment.id,
      order_reference_code: input.order_reference_code,
      ...(input.kind === "label" ? { label_generated_at: now } : { shipment_confirmed_at: now }),
    },
    ...(input.kind === "label"
      ? { labels: [{ tracking_number: input.tracking_number ?? "", tracking_url: trackingUrl, label_url: labelUrl ?? "" }] }
      : {}),
  })
  await emitShipmentEvents(container, [
    { name: PickupPointShipmentEvents.LABEL_GENERATED, data: { id: shipment.id, order_id: shipment.order_id, status: shipment.status } },
  ])
  // A fulfillment that took the shipment over got the same label again: the copy it replaces is let
  // go, last, so that nothing above is undone for it (the retention job deletes one left behind).
  if (current.label_file_id && current.label_file_id !== shipment.label_file_id) {
    await pickupPoints.deletePickupPointLabels(current.label_file_id).catch((error: unknown) => {
      container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`[pickup-point] replaced label ${current.label_file_id} was not deleted: ${safeErrorMessage(error)}`)
    })
  }
  return new StepResponse(shipment)
})
