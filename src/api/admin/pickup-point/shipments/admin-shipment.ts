import type { PickupPointShipmentDTO } from "../../../../modules/pickup-point/service"

/**
 * A shipment as the admin API shows it: its state, history and pickup point,
 * without the stored create request (it holds the customer's contact) or
 * internal bookkeeping.
 */
export function toAdminShipment(shipment: PickupPointShipmentDTO) {
  const { request: _request, lease_until: _lease, events, ...rest } = shipment
  return {
    ...rest,
    history: [...(events ?? [])]
      .sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime())
      .map(({ status, message, occurred_at }) => ({ status, message, occurred_at })),
    can_cancel: !["label_generated", "confirmed", "cancelled"].includes(shipment.status),
    can_retry: shipment.status === "failed",
  }
}
