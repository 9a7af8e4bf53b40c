import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../modules/pickup-point/service"
import { REPROCESSABLE_WEBHOOK_VERDICTS } from "../../../../../modules/pickup-point/atomic-operations"

const RECENT = 20

/**
 * What the external platform must be given to call the webhook (its path
 * and the headers it must send; never the key itself), when it last called,
 * and its recent deliveries with what the plugin made of each.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const { webhook } = pickupPoints.options
  const deliveries = await pickupPoints.listPickupPointWebhookDeliveries({}, { order: { received_at: "DESC" }, take: RECENT })
  res.json({
    path: "/hooks/pickup-point",
    api_key: { header: "X-Api-Key", key: webhook.apiKey ? "webhook" : "merchant" },
    signature: webhook.hmacSecret
      ? {
          header: webhook.signatureHeader,
          timestamp_header: webhook.timestampHeader,
          tolerance_seconds: webhook.toleranceSeconds,
          scheme: "sha256=<hex HMAC-SHA256 of \"<timestamp>.<raw body>\">",
        }
      : null,
    last_received_at: deliveries[0]?.received_at ?? null,
    deliveries: deliveries.map(deliveryView),
  })
}

/** What the admin sees of a delivery: never its payload. `reprocessable` when it failed or found no shipment and kept its payload. */
export function deliveryView(delivery: Awaited<ReturnType<PickupPointModuleService["listPickupPointWebhookDeliveries"]>>[number]) {
  const { id, verdict, result, order_reference_code, status_code, shipment_id, received_at, deliveries, payload } = delivery
  return {
    id,
    verdict,
    result,
    order_reference_code,
    status_code,
    shipment_id,
    received_at,
    deliveries,
    reprocessable: (REPROCESSABLE_WEBHOOK_VERDICTS as readonly string[]).includes(verdict) && !!payload,
  }
}
