import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

/** Asks the service for the order's label or confirmation; refuses with a clear message when it is not ready. */
export const requestShipmentLabelStep = createStep(
  "request-shipment-label",
  async (input: { order_id: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const { shipment, result } = await pickupPoints.requestLabel(input.order_id)
    return new StepResponse({
      shipment_id: shipment.id,
      order_number: shipment.order_number,
      order_reference_code: shipment.order_reference_code!,
      kind: result.kind,
      tracking_number: result.kind === "label" ? (result.trackingNumber ?? null) : (shipment.tracking_number ?? null),
      // Passed on as base64: workflow data is serialized between steps.
      pdf_base64: result.kind === "label" ? result.pdf.toString("base64") : null,
    })
  }
)
