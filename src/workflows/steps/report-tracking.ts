import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { normalizeStatusCode, ShipmentOrdersRejectedError } from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { trackingReportRefusal } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingUpdate } from "../../modules/pickup-point/types"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"
import { toMedusaError } from "../utils/to-medusa-error"

export const reportTrackingStepId = "pickup-point-report-tracking"

export type ReportTrackingInput = {
  shipment_id: string
  status_code: string
  status_description: string
  verification_code?: string
}

/**
 * Reports a tracking status to the service (the merchant's own pickup
 * points: a handover is ST_0007 with the code the customer shows) and hands
 * it on as an update to apply. Refuses clearly when the code is missing
 * where required, or wrong. No compensation: the service has no way to take
 * a report back.
 */
export const reportTrackingStep = createStep(reportTrackingStepId, async (input: ReportTrackingInput, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
  const refusal = trackingReportRefusal(shipment)
  if (refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  }
  const code = normalizeStatusCode(input.status_code)
  const point = shipment.pickup_point as { requires_verification_code?: boolean; code?: string } | null
  if (code === "ST_0007" && point?.requires_verification_code && !input.verification_code) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `verification_code is required: pickup point ${point.code ?? shipment.pickup_point_code} hands parcels over only against the code e-mailed to the customer.`
    )
  }
  try {
    await shipmentOrdersClient(container).updateTracking({
      orderReferenceCode: shipment.order_reference_code!,
      statusCode: code,
      statusDescription: input.status_description,
      verificationCode: input.verification_code,
    })
  } catch (error) {
    if (error instanceof ShipmentOrdersRejectedError && /verificationCode/i.test(error.serviceMessage ?? "")) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        /required/i.test(error.serviceMessage ?? "")
          ? "verification_code is required for this handover."
          : "The verification code is wrong: ask the customer for the code in their e-mail, or send it again."
      )
    }
    throw toMedusaError(error, "The carrier did not take the update")
  }
  const update: TrackingUpdate = {
    shipment_id: shipment.id,
    status_code: code,
    status_description: input.status_description,
    occurred_at: new Date(),
    source: "admin",
  }
  return new StepResponse(update)
})
