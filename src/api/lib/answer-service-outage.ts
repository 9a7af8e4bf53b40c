import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SERVICE_UNAVAILABLE_CODE } from "../../workflows/utils/to-medusa-error"

/** Seconds an admin (or a script) is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 60

/**
 * On the plugin's routes: an error that is an outage of the service (see
 * toMedusaError) is answered 503 with `Retry-After`, in Medusa's error shape
 * and with its message, instead of the 500 Medusa's error handler gives
 * every type it does not know. The handler stays Medusa's (a plugin must
 * not replace the store's); only the status of this one answer changes.
 */
export function answerServiceOutage(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const json = res.json.bind(res)
  res.json = (body?: unknown) => {
    if (res.statusCode === 500 && (body as { code?: unknown } | null)?.code === SERVICE_UNAVAILABLE_CODE) {
      res.status(503).setHeader("Retry-After", String(RETRY_AFTER_SECONDS))
    }
    return json(body)
  }
  next()
}
