import { useQuery } from "@tanstack/react-query"
import { PICKUP_POINT_QUERY_KEY } from "./queries"
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
  | { ok: true; checked_at: string; duration_ms: number }
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
  }[]
}

const healthKey = [PICKUP_POINT_QUERY_KEY, "health"] as const

export const useHealth = () =>
  useQuery({ queryKey: healthKey, queryFn: () => sdk.client.fetch<Health>("/admin/pickup-point/health") })

export const useCredentialsCheck = () =>
  useQuery({
    queryKey: [...healthKey, "credentials"],
    queryFn: () => sdk.client.fetch<CredentialsCheck>("/admin/pickup-point/health/credentials"),
    // A call to the service: only when the page opens or the admin asks again.
    staleTime: Infinity,
  })

export const useWebhookInfo = () =>
  useQuery({ queryKey: [...healthKey, "webhooks"], queryFn: () => sdk.client.fetch<WebhookInfo>("/admin/pickup-point/health/webhooks") })
