import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { PICKUP_POINT_QUERY_KEY, refreshShippingViews } from "./queries"
import { sdk } from "./sdk"

export type Health = {
  merchant_code: string
  merchant_type: "DELIVERY" | "STORAGE"
  tracking_sync: {
    consecutive_failures: number
    circuit_open_until: string | null
    circuit_open: boolean
    last_run_at: string | null
    last_success_at: string | null
    last_error: string | null
    lag_seconds: number | null
  }
  shipments_by_status: Record<string, number>
}

export type CredentialsCheck =
  | { ok: true; checked_at: string; duration_ms: number; shipments_due_now: number }
  | { ok: false; checked_at: string; duration_ms: number; code: string; http_status: number | null; message: string }

export type WebhookInfo = {
  path: string
  api_key: { header: string; key: "webhook" | "merchant" }
  signature: { header: string; timestamp_header: string; tolerance_seconds: number; scheme: string } | null
  last_received_at: string | null
  deliveries: {
    id: string
    verdict: string
    result: string | null
    order_reference_code: string | null
    status_code: string | null
    shipment_id: string | null
    received_at: string
    deliveries: number
    /** Failed or found no shipment, and kept its payload: "Reprocess" runs it again. */
    reprocessable: boolean
  }[]
}

export type WebhookDelivery = WebhookInfo["deliveries"][number]

export type ServiceCall = {
  id: string
  operation: string
  http_status: number | null
  duration_ms: number
  outcome: string
  attempt: number
  retried: boolean
  called_at: string
}

export type SetupResult = {
  stock_location_id: string
  service_zone_id: string
  shipping_option_id: string
  created: string[]
  /** False when the option existed with other prices, which a setup never changes; null when they could not be read. */
  prices_applied: boolean | null
  option_prices: ({ currency_code: string; amount: number } | { region_id: string; amount: number })[]
}

const healthKey = [PICKUP_POINT_QUERY_KEY, "health"] as const

export const useHealth = () =>
  useQuery({ queryKey: healthKey, queryFn: () => sdk.client.fetch<Health>("/admin/pickup-point/health") })

export function useCredentialsCheck() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...healthKey, "credentials"],
    queryFn: async () => {
      const check = await sdk.client.fetch<CredentialsCheck>("/admin/pickup-point/health/credentials")
      // The check's own call is in the log by now (the route writes it before answering).
      void queryClient.invalidateQueries({ queryKey: [...healthKey, "calls"] })
      return check
    },
    // A call to the service: each time the page opens (its verdict and the waits it makes due are now's), or the admin asks again.
    staleTime: Infinity,
    refetchOnMount: "always",
  })
}

export const useWebhookInfo = () =>
  useQuery({ queryKey: [...healthKey, "webhooks"], queryFn: () => sdk.client.fetch<WebhookInfo>("/admin/pickup-point/health/webhooks") })

/** Runs a failed delivery through the webhook's workflow again; answers the delivery with its new verdict. */
export function useReprocessDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ verdict: string; message: string; delivery: WebhookDelivery }>(`/admin/pickup-point/health/webhooks/${id}/reprocess`, {
        method: "POST",
      }),
    // The verdict, the shipments by status and the calls may all have changed, and an order's fulfillment
    // (marked shipped or delivered) with them; the credentials check is not asked again (it calls the
    // carrier, and runs only when the page opens or on request).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: [PICKUP_POINT_QUERY_KEY],
          predicate: (query) => !(query.queryKey[1] === healthKey[1] && query.queryKey[2] === "credentials"),
        }),
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
      ]),
  })
}

export const useServiceCalls = (limit: number, offset: number) =>
  useQuery({
    queryKey: [...healthKey, "calls", limit, offset],
    queryFn: () =>
      sdk.client.fetch<{ calls: ServiceCall[]; count: number; limit: number; offset: number }>("/admin/pickup-point/health/calls", {
        query: { limit, offset },
      }),
    placeholderData: keepPreviousData,
  })

export const useStockLocations = () =>
  useQuery({
    queryKey: [PICKUP_POINT_QUERY_KEY, "stock-locations"],
    queryFn: () => sdk.admin.stockLocation.list({ fields: "id,name", limit: 100 }),
  })

/** The one-step setup (POST /admin/pickup-point/setup): safe to repeat, answers what it created. */
export function useSetupPickupPointDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { stock_location_id: string; prices: { currency_code: string; amount: number }[] }) =>
      sdk.client.fetch<{ setup: SetupResult }>("/admin/pickup-point/setup", { method: "POST", body }),
    onSuccess: () => refreshShippingViews(queryClient),
  })
}
