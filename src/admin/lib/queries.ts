import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type { AdminShipment, ShipmentOverview } from "./types"

/** Every query of the plugin starts with this key, so one invalidation refreshes them all. */
export const PICKUP_POINT_QUERY_KEY = "pickup-point"

export const shipmentKeys = {
  all: [PICKUP_POINT_QUERY_KEY, "shipments"] as const,
  byOrder: (orderId: string) => [PICKUP_POINT_QUERY_KEY, "shipments", { order_id: orderId }] as const,
  overview: (id: string) => [PICKUP_POINT_QUERY_KEY, "shipments", id, "overview"] as const,
}

/** The plugin's shipment of an order, or null for an order the plugin does not ship. */
export function useOrderShipment(orderId: string) {
  return useQuery({
    queryKey: shipmentKeys.byOrder(orderId),
    queryFn: async () => {
      const { shipments } = await sdk.client.fetch<{ shipments: AdminShipment[] }>("/admin/pickup-point/shipments", {
        query: { order_id: orderId, limit: 1 },
      })
      return shipments[0] ?? null
    },
  })
}

/**
 * One shipment's overview on an order's page. A change of pickup point gives the order a new shipment:
 * the old one stays shown until the new one loads (`isPlaceholderData`, when no action may run on it),
 * but only on its own order's page, never another order's.
 */
export function useShipmentOverview(id: string | undefined, orderId: string) {
  return useQuery({
    queryKey: shipmentKeys.overview(id ?? ""),
    queryFn: () => sdk.client.fetch<ShipmentOverview>(`/admin/pickup-point/shipments/${id}/overview`),
    enabled: !!id,
    placeholderData: (previous) => (previous?.shipment.order_id === orderId ? previous : undefined),
  })
}

/** Refreshes the plugin's views and Medusa's order (its fulfillments change with the shipment). */
export function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [PICKUP_POINT_QUERY_KEY] }),
      queryClient.invalidateQueries({ queryKey: ["orders"] }),
    ])
}

type ShipmentAnswer = { shipment: AdminShipment }

/** The actions on one shipment; each refreshes what it changed. */
export function useShipmentActions(id: string) {
  const refresh = useRefreshAfterChange()
  const post = <T,>(path: string, body?: Record<string, unknown>) =>
    sdk.client.fetch<T>(`/admin/pickup-point/shipments/${id}/${path}`, { method: "POST", body: body ?? {} })
  return {
    cancel: useMutation({
      mutationFn: (notes?: string) => post<ShipmentAnswer>("cancel", notes ? { notes } : {}),
      onSettled: refresh,
    }),
    retry: useMutation({ mutationFn: () => post<ShipmentAnswer>("retry"), onSettled: refresh }),
    sendCode: useMutation({
      mutationFn: () => post<{ verification_code: { masked_email: string; next_allowed_at: string } }>("verification-code"),
      onSettled: refresh,
    }),
    changePoint: useMutation({
      mutationFn: (body: { pickup_point_code: string; note?: string }) =>
        post<ShipmentAnswer & { replaced_shipment_id: string }>("pickup-point", body),
      onSettled: refresh,
    }),
    handover: useMutation({
      mutationFn: (code?: string) => post<ShipmentAnswer>("handover", code ? { verification_code: code } : {}),
      onSettled: refresh,
    }),
  }
}
