import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"
import { verifyWebhook } from "../../lib/webhook-auth"
import { receivePlatformConfirmation } from "../../../workflows/utils/receive-platform-confirmation"

/**
 * The external shipping platform's shipment confirmation (spec section 6).
 * 401 for a request that fails authentication (nothing is stored), 503 while
 * the plugin is not configured (so the platform retries), 202 for an order
 * the store does not know, 200 "duplicate" for a replay.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  let pickupPoints: PickupPointModuleService
  try {
    pickupPoints = req.scope.resolve(PICKUP_POINT_MODULE)
  } catch {
    res.status(503).json({ type: "unavailable", message: "The pickup-point plugin is not configured yet" })
    return
  }
  const { webhook, apiKey } = pickupPoints.options
  const verdict = verifyWebhook(req.headers, req.rawBody, { ...webhook, apiKey: webhook.apiKey ?? apiKey })
  if (!verdict.ok) {
    req.scope.resolve("logger").warn(`[pickup-point] webhook refused: ${verdict.reason}`)
    res.status(401).json({ type: "unauthorized", message: "Unauthorized" })
    return
  }
  // Claimed and processed with the deliveries arriving meanwhile, without a workflow run (the same code
  // as the webhook's workflow, whose step has nothing to compensate); a replay is answered by its claim.
  const result = await receivePlatformConfirmation(req.scope, req.rawBody?.toString("utf8") ?? "")
  // A refused payload answers in Medusa's error shape (`type`, `message`), the verdict besides.
  res.status(result.http_status).json({ ...(result.http_status >= 400 ? { type: "invalid_data" } : {}), verdict: result.verdict, message: result.message })
}
