import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { raw } from "express"

const readAnyBody = raw({ type: () => true, limit: "1mb" })

/**
 * Keeps the webhook's raw body whatever its content type: Medusa's parsers
 * keep it only for JSON, text and form bodies, and a platform that sends
 * `application/octet-stream` must be heard (and signed over) all the same.
 */
export function keepWebhookRawBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (req.rawBody) {
    return next()
  }
  readAnyBody(req, res, (error?: unknown) => {
    if (error) return next(error)
    if (Buffer.isBuffer(req.body)) req.rawBody = req.body
    next()
  })
}
