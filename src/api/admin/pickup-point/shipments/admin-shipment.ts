import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import { cancelRefusal, isCancellable, isRetryable } from "../../../../modules/pickup-point/lib/statuses"
import type { PickupPointShipmentDTO } from "../../../../modules/pickup-point/types"
import { lastHeardAt } from "../views/last-heard"

/** Relations a shipment is shown with. */
export const SHIPMENT_RELATIONS = ["events", "tracking_events"]

/** Answers with the shipment of the route's `:id`, as it is now. */
export async function respondWithShipment(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id, { relations: SHIPMENT_RELATIONS })
  res.json({ shipment: toAdminShipment(shipment) })
}

/**
 * A shipment as the admin API shows it: its state, history and pickup point,
 * without the stored create request (it holds the customer's contact) or
 * internal bookkeeping.
 */
export function toAdminShipment(shipment: PickupPointShipmentDTO) {
  const { request: _request, lease_until: _lease, lease_owner: _owner, events, tracking_events, ...rest } = shipment
  // Arrival order: the service reports times to the minute only, so they cannot order reports within one.
  const byTime = (a: { created_at: Date | string }, b: { created_at: Date | string }) =>
    new Date(a.created_at).getTime() - new Date(b.created_at).getTime()
  return {
    ...rest,
    history: [...(events ?? [])].sort(byTime).map(({ status, message, occurred_at }) => ({ status, message, occurred_at })),
    tracking: [...(tracking_events ?? [])]
      .sort(byTime)
      .map(({ status_code, status_description, external_status_code, external_status_description, occurred_at, source }) => ({
        status_code,
        status_description,
        external_status_code,
        external_status_description,
        occurred_at,
        source,
      })),
    last_heard_at: lastHeardAt(shipment),
    can_cancel: isCancellable(shipment.status) && !cancelRefusal(shipment),
    can_retry: isRetryable(shipment.status),
  }
}
