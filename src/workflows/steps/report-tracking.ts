import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export type ReportTrackingInput = {
  shipment_id: string
  status_code: string
  status_description: string
  verification_code?: string
}

/** Sends a tracking status to the service and hands it on as an update to apply. */
export const reportTrackingStep = createStep("report-pickup-point-tracking", async (input: ReportTrackingInput, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const { shipment_id, verification_code, ...report } = input
  return new StepResponse(await pickupPoints.reportTracking(shipment_id, { ...report, verification_code }))
})
