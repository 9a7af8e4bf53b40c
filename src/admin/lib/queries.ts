import type { AdminOrder } from "@medusajs/framework/types"
import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { isLabelRequestUnderway } from "../../modules/pickup-point/lib/statuses"
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

/** Statuses the plugin leaves on its own, with no admin action: a page showing one follows it. */
const SETTLING_STATUSES = ["pending", "creating", "unknown", "awaiting_import"]
const FOLLOW_EVERY_MS = 5_000

/** Whether the shipment is about to change by itself: being created or imported, or its label being made (a slow carrier answers in the background). */
export function isSettling(shipment: Pick<AdminShipment, "status" | "label_requested_at">, now = Date.now()): boolean {
  return SETTLING_STATUSES.includes(shipment.status) || isLabelRequestUnderway(shipment, now)
}

/**
 * One shipment's overview on an order's page. A change of pickup point gives the order a new shipment:
 * the old one stays shown until the new one loads (`isPlaceholderData`, when no action may run on it),
 * but only on its own order's page, never another order's. Refetched every few seconds while it
 * settles by itself (see `isSettling`).
 */
export function useShipmentOverview(id: string | undefined, orderId: string) {
  return useQuery({
    queryKey: shipmentKeys.overview(id ?? ""),
    queryFn: () => sdk.client.fetch<ShipmentOverview>(`/admin/pickup-point/shipments/${id}/overview`),
    enabled: !!id,
    placeholderData: (previous) => (previous?.shipment.order_id === orderId ? previous : undefined),
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data.shipment) ? FOLLOW_EVERY_MS : false),
  })
}

/**
 * Medusa's own actions on the order page ("Fulfill items", "Cancel order") refresh the order and
 * nothing of the plugin's, and the admin keeps data for 90 s: when the order's status or its
 * fulfillments change, the plugin's views of its shipment are read again.
 */
export function useFollowOrder(order: Pick<AdminOrder, "status" | "fulfillments">) {
  const queryClient = useQueryClient()
  const version = [
    order.status,
    ...(order.fulfillments ?? []).map((f) => [f.id, f.shipped_at, f.delivered_at, f.canceled_at].map((v) => String(v ?? "")).join(":")),
  ].join("|")
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current === version) return
    seen.current = version
    void queryClient.invalidateQueries({ queryKey: shipmentKeys.all })
  }, [version, queryClient])
}

/**
 * When a shipment that was changing by itself settles (a label a slow carrier made in the background,
 * or a fulfillment undone because it failed), Medusa's order is read again: its fulfillments changed
 * with it, and the order page would show the old ones for up to 90 s.
 */
export function useRefreshOrderOnceSettled(shipment: Pick<AdminShipment, "status" | "label_requested_at"> | undefined) {
  const queryClient = useQueryClient()
  const settling = !!shipment && isSettling(shipment)
  const wasSettling = useRef(settling)
  useEffect(() => {
    if (wasSettling.current && !settling) void queryClient.invalidateQueries({ queryKey: ["orders"] })
    wasSettling.current = settling
  }, [settling, queryClient])
}

/**
 * Refreshes the plugin's views and Medusa's order (its fulfillments change with the shipment); all but
 * `gone`, a shipment that no longer exists (replaced by a change of pickup point), whose read would 404.
 */
export function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return (gone?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: [PICKUP_POINT_QUERY_KEY],
        predicate: (query) => !gone || query.queryHash !== hashKey(shipmentKeys.overview(gone)),
      }),
      queryClient.invalidateQueries({ queryKey: ["orders"] }),
    ])
}

/**
 * After the setup or a publish: Medusa's views of what they create (shipping options shown under
 * each stock location, the locations' zones, the profiles; the dashboard's own query keys) and the
 * plugin's publish targets.
 */
export function refreshShippingViews(queryClient: QueryClient) {
  return Promise.all(
    [["shipping_options"], ["stock_locations"], ["shipping_profile"], [PICKUP_POINT_QUERY_KEY, "publish-targets"]].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey })
    )
  )
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
      onSettled: () => refresh(),
    }),
    retry: useMutation({ mutationFn: () => post<ShipmentAnswer>("retry"), onSettled: () => refresh() }),
    sync: useMutation({ mutationFn: () => post<ShipmentAnswer>("sync"), onSettled: () => refresh() }),
    sendCode: useMutation({
      mutationFn: () => post<{ verification_code: { masked_email: string; next_allowed_at: string; confirmed?: false } }>("verification-code"),
      onSettled: () => refresh(),
    }),
    changePoint: useMutation({
      mutationFn: (body: { pickup_point_code: string; note?: string }) =>
        post<ShipmentAnswer & { replaced_shipment_id: string }>("pickup-point", body),
      // Once replaced, this shipment is archived: the order's shipment is read again, and the page moves to the new one.
      onSettled: (answer) => refresh(answer ? id : undefined),
    }),
    handover: useMutation({
      mutationFn: (code?: string) => post<ShipmentAnswer>("handover", code ? { verification_code: code } : {}),
      onSettled: () => refresh(),
    }),
  }
}
