import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isOutcomeUnknown, normalizeStatusCode, ShipmentOrdersRejectedError } from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { trackingReportRefusal } from "../../modules/pickup-point/lib/statuses"
import { stageOf } from "../../modules/pickup-point/lib/tracking-stages"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingUpdate } from "../../modules/pickup-point/types"
import { applyTrackingUpdates } from "../utils/apply-tracking-updates"
import { isMovedOnRefusal, refreshShipmentStatus } from "../utils/refresh-shipment-status"
import { shipmentLeaseMs, withShipmentLease } from "../utils/shipment-lease"
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
 * points: a handover is ST_0007 with the code the customer shows), then
 * applies it like any other report. Refuses, with the reason, a report the
 * lifecycle does not allow, and a code that is missing where required, or
 * wrong. No compensation: the service has no way to take a report back.
 */
export const reportTrackingStep = createStep(reportTrackingStepId, async (input: ReportTrackingInput, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const code = normalizeStatusCode(input.status_code)
  // Under the shipment's claim, so that two reports at once (a double-clicked handover) make one call.
  const applied = await withShipmentLease(pickupPoints, input.shipment_id, { leaseMs: shipmentLeaseMs(pickupPoints.options) }, async (lease, claimed) => {
    const refusal = trackingReportRefusal(claimed, stageOf(code, pickupPoints.statusMapping))
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    }
    const point = claimed.pickup_point as { requires_verification_code?: boolean; code?: string } | null
    if (code === "ST_0007" && point?.requires_verification_code && !input.verification_code) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `verification_code is required: pickup point ${point.code ?? claimed.pickup_point_code} hands parcels over only against the code e-mailed to the customer.`
      )
    }
    await lease.ensureHeld()
    const client = shipmentOrdersClient(container)
    // A retry after a lost answer: the service may hold this status already, and must not get it twice.
    const holds = async () => {
      const { items } = await client.status([{ orderReferenceCode: claimed.order_reference_code! }])
      const current = items[0]?.success ? items[0].tracking?.status : null
      return !!current && normalizeStatusCode(current) === code
    }
    try {
      if (!(await holds())) {
        await client.updateTracking({
          orderReferenceCode: claimed.order_reference_code!,
          statusCode: code,
          statusDescription: input.status_description,
          verificationCode: input.verification_code,
        })
      }
    } catch (error) {
      // Unless the service took it and only its answer was lost.
      if (!(isOutcomeUnknown(error) && (await holds().catch(() => false)))) {
        if (error instanceof ShipmentOrdersRejectedError && /verificationCode/i.test(error.serviceMessage ?? "")) {
          throw new MedusaError(
            MedusaError.Types.INVALID_DATA,
            /required/i.test(error.serviceMessage ?? "")
              ? "verification_code is required for this handover."
              : "The verification code is wrong: ask the customer for the code in their e-mail, or send it again."
          )
        }
        // Refused for another reason: most likely the parcel moved on at the carrier, which the admin should see now.
        if (isMovedOnRefusal(error)) await refreshShipmentStatus(container, claimed)
        throw toMedusaError(error, "The carrier did not take the update")
      }
    }
    // Applied under the claim too (the one path every report takes), so that a second report
    // waiting for the claim is refused as not further along.
    const update: TrackingUpdate = {
      shipment_id: claimed.id,
      status_code: code,
      status_description: input.status_description,
      occurred_at: new Date(),
      source: "admin",
    }
    return await applyTrackingUpdates(container, [update])
  })
  if (!applied) {
    // No claim: a shipment that is not there (or archived by a change of point) is a 404, not a conflict.
    await pickupPoints.retrievePickupPointShipment(input.shipment_id, { select: ["id"] })
    throw new MedusaError(MedusaError.Types.CONFLICT, `Shipment ${input.shipment_id} is being updated by another request; reload it and try again.`)
  }
  return new StepResponse(applied)
})
