import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { PICKUP_POINT_ERRORS } from "../../storefront/error-codes"
import { FixedWindowRateLimit } from "./fixed-window-rate-limit"

/** One counter per process and configuration (the plugin options are read once per app). */
const limits = new Map<string, FixedWindowRateLimit>()

/**
 * On the store's point look-ups: at most `storeSearchRateLimit.max`
 * requests per client and window, in this process's memory (with several
 * server processes, each counts its own). Past it, 429 in Medusa's error
 * shape with `Retry-After` (exposed to browsers on another origin), never
 * cached.
 */
export function limitPickupPointSearch(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const { storeSearchRateLimit: config } = req.scope.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).options
  if (!config) return next()
  const key = `${config.max}/${config.windowSeconds}`
  let limit = limits.get(key)
  if (!limit) {
    limit = new FixedWindowRateLimit(config.max, config.windowSeconds * 1000)
    limits.set(key, limit)
  }
  const decision = limit.take(req.ip ?? req.socket.remoteAddress ?? "unknown")
  if (decision.allowed) return next()
  res.setHeader("Retry-After", String(decision.retryAfterSeconds))
  res.setHeader("Cache-Control", "no-store")
  res.append("Access-Control-Expose-Headers", "Retry-After")
  res.status(429).json({ type: "not_allowed", code: "too_many_requests", message: PICKUP_POINT_ERRORS.too_many_requests })
}
