import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"

/** The integration's health: the tracking sync's circuit and lag, shipments by status, and how many failed (they need a person). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const { id: _id, created_at: _c, updated_at: _u, deleted_at: _d, ...sync } = await pickupPoints.retrieveSyncState()
  const byStatus = await pickupPoints.countShipmentsByStatus()
  res.json({
    merchant_code: pickupPoints.options.merchantCode,
    merchant_type: pickupPoints.options.merchantType,
    tracking_sync: { ...sync, circuit_open: !!sync.circuit_open_until && new Date(sync.circuit_open_until) > new Date() },
    shipments_by_status: byStatus,
    failed_shipments: byStatus.failed ?? 0,
  })
}
