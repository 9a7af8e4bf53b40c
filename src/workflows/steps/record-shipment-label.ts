import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { emitShipmentEvents, PickupPointShipmentEvents } from "../shipment-events"

type Input = {
  fulfillment_id: string
  shipment_id: string
  order_reference_code: string
  kind: "label" | "confirmed"
  tracking_number: string | null
  file: { id: string; url: string } | null
  label_url: string | null
}

/**
 * Records the label on the shipment and on the Medusa fulfillment (a
 * fulfillment label with tracking number and URL, and the facts the provider
 * needs to refuse a cancel later).
 */
export const recordShipmentLabelStep = createStep("record-shipment-label", async (input: Input, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const fulfillments = container.resolve(Modules.FULFILLMENT)

  const shipment = await pickupPoints.recordLabel(input.shipment_id, {
    fulfillment_id: input.fulfillment_id,
    tracking_number: input.tracking_number,
    label_file_id: input.file?.id ?? null,
    label_url: input.label_url,
  })
  const now = new Date().toISOString()
  await fulfillments.updateFulfillment(input.fulfillment_id, {
    data: {
      shipment_id: shipment.id,
      order_reference_code: input.order_reference_code,
      ...(input.kind === "label" ? { label_generated_at: now } : { shipment_confirmed_at: now }),
    },
    ...(input.kind === "label"
      ? { labels: [{ tracking_number: input.tracking_number ?? "", tracking_url: "", label_url: input.label_url ?? "" }] }
      : {}),
  })
  await emitShipmentEvents(container, [
    { name: PickupPointShipmentEvents.LABEL_GENERATED, data: { id: shipment.id, order_id: shipment.order_id, status: shipment.status } },
  ])
  return new StepResponse(shipment)
})
