import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SERVICE_BAD_ANSWER_CODE, SERVICE_UNAVAILABLE_CODE } from "../../workflows/utils/to-medusa-error"

/** Seconds an admin (or a script) is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 60

/**
 * On the plugin's routes: an error that is the service's fault (see
 * toMedusaError) is answered as one, in Medusa's error shape and with its
 * message, instead of the 500 Medusa's error handler gives every type it
 * does not know: an outage 503 with `Retry-After`, an unreadable answer 502.
 * The handler stays Medusa's (a plugin must not replace the store's); only
 * the status of these answers changes.
 */
export function answerServiceOutage(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const json = res.json.bind(res)
  res.json = (body?: unknown) => {
    const code = res.statusCode === 500 ? (body as { code?: unknown } | null)?.code : undefined
    if (code === SERVICE_UNAVAILABLE_CODE) {
      res.status(503).setHeader("Retry-After", String(RETRY_AFTER_SECONDS))
    } else if (code === SERVICE_BAD_ANSWER_CODE) {
      res.status(502)
    }
    return json(body)
  }
  next()
}
