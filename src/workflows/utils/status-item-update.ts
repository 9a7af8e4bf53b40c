import type { ShipmentOrderStatus } from "../../lib/shipment-orders"
import { instantIn } from "../../modules/pickup-point/lib/zoned-time"
import type { TrackingUpdate } from "../../modules/pickup-point/types"

/**
 * The tracking update one item of the service's `status` answer reports for a
 * shipment, read as the sync reads it; null when the item reports none (the
 * service refused that order, or gave no status). The service's date and time
 * are local to `timeZone`.
 */
export function statusItemUpdate(item: ShipmentOrderStatus, shipmentId: string, timeZone: string): TrackingUpdate | null {
  if (!item.success || !item.tracking?.status) return null
  return {
    shipment_id: shipmentId,
    status_code: item.tracking.status,
    status_description: item.tracking.statusDescription ?? null,
    external_status_code: item.tracking.externalStatusCode ?? null,
    external_status_description: item.tracking.externalStatusDescription ?? null,
    occurred_at: instantIn(item.tracking.lastUpdateDate, item.tracking.lastUpdateTime, timeZone),
    tracking_number: item.tracking.number ?? null,
    source: "sync",
  }
}
