import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { PICKUP_POINT_QUERY_KEY, refreshShippingViews, shipmentKeys } from "./queries"
import { sdk } from "./sdk"
import type { ImportRowProblem } from "../../modules/pickup-point/lib/import-row-problems"
import type { PickupPoint } from "./types"

export type PickupPointFilters = {
  q?: string
  country_code?: string
  is_active?: "true" | "false"
  /** Nearest this coordinate first, each point with its `distance_km`; within `radius_km` of it when given. */
  latitude?: number
  longitude?: number
  radius_km?: number
  limit: number
  offset: number
}

export type ImportResult = {
  created: number
  updated: number
  rejected: number
  rows: ({ line: number; code: string | null; result: "created" | "updated" } | { line: number; code: string | null; result: "rejected"; reason: string; problems?: ImportRowProblem[] })[]
}

export type PublishResult = {
  shipping_options: { id: string; name: string; data?: { pickup_point_code?: string } | null }[]
  skipped_pickup_point_ids: string[]
}

const catalogKey = [PICKUP_POINT_QUERY_KEY, "catalog"] as const

export function usePickupPoints(filters: PickupPointFilters) {
  return useQuery({
    queryKey: [...catalogKey, filters],
    queryFn: () =>
      sdk.client.fetch<{ pickup_points: (PickupPoint & { distance_km?: number | null })[]; count: number }>("/admin/pickup-points", {
        query: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== "")),
      }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The catalog, Medusa's shipping views (activating, deactivating or importing points changes published
 * options' rules), and the orders' shipments, whose page shows their point's hours and state as the
 * catalog has them now.
 */
function useRefreshCatalog() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKey }),
      refreshShippingViews(queryClient),
      queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
    ])
}

export function useSavePickupPoint() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      sdk.client.fetch<{ pickup_point: PickupPoint }>(id ? `/admin/pickup-points/${id}` : "/admin/pickup-points", {
        method: "POST",
        body,
      }),
    onSuccess: refresh,
  })
}

export function useImportPickupPoints() {
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: (csv: string) => sdk.client.fetch<ImportResult>("/admin/pickup-points/import", { method: "POST", body: { csv } }),
    onSuccess: refresh,
  })
}

export function usePublishPickupPoints() {
  // The catalog too: its list says in how many shipping options each point is sold.
  const refresh = useRefreshCatalog()
  return useMutation({
    mutationFn: (body: { pickup_point_ids: string[]; service_zone_id: string; shipping_profile_id: string; prices: { currency_code: string; amount: number }[] }) =>
      sdk.client.fetch<PublishResult>("/admin/pickup-points/publish", { method: "POST", body }),
    onSuccess: refresh,
  })
}

/** Where a point can be published: every service zone of every stock location's shipping sets, and the shipping profiles. */
export function usePublishTargets(enabled: boolean) {
  return useQuery({
    queryKey: [PICKUP_POINT_QUERY_KEY, "publish-targets"],
    enabled,
    queryFn: async () => {
      const [{ stock_locations }, { shipping_profiles }] = await Promise.all([
        sdk.admin.stockLocation.list({ fields: "id,name,*fulfillment_sets,*fulfillment_sets.service_zones", limit: 100 }),
        sdk.admin.shippingProfile.list({ limit: 100 }),
      ])
      const zones = stock_locations.flatMap((location) =>
        (location.fulfillment_sets ?? [])
          .filter((set) => set.type === "shipping")
          .flatMap((set) => (set.service_zones ?? []).map((zone) => ({ id: zone.id, label: `${location.name} · ${set.name} · ${zone.name}` })))
      )
      return { zones, profiles: shipping_profiles.map((profile) => ({ id: profile.id, label: profile.name })) }
    },
  })
}
