import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/** Set in `res.locals` by a plugin middleware that answers one of Medusa's routes, so that its errors are handled as the plugin's. */
export const PICKUP_POINT_REQUEST = "pickupPointRequest"

/** The paths of the plugin's own routes. */
const PLUGIN_PATHS = /^\/(admin\/pickup-points?|store\/pickup-points?|hooks\/pickup-point)(\/|$)/

/**
 * Medusa's error handler, except for three errors of the plugin's requests
 * (its own routes, and "Fulfill items" of a pickup-point order, which its
 * middleware answers):
 * - a conflict keeps its message. Medusa answers every conflict with the
 *   same text about an Idempotency-Key, which the plugin's clients do not
 *   send; the plugin's say what is under way and when to try again.
 * - a query key with two dots (`?a.b.c=1`) is the 400 it is; Medusa's
 *   query parser refuses it with an error its handler answers as a 500.
 * - a path that is not valid percent-encoded UTF-8 (`/admin/pickup-points/%C0%AF`)
 *   is the 400 it is. Express fails to decode it in Medusa's own `/admin*`
 *   middleware, before any middleware of the plugin runs, and Medusa
 *   answers that 500.
 * Every other error, and every other request, goes to Medusa's handler
 * unchanged. A store that sets its own `errorHandler` replaces this one.
 */
export function pluginErrorHandler() {
  const medusa = errorHandler()
  return function pickupPointErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    const ours = PLUGIN_PATHS.test(req.path) || res.locals?.[PICKUP_POINT_REQUEST] === true
    if (ours && error instanceof URIError) {
      res.status(400).json({ type: "invalid_data", message: "The path is not valid percent-encoded UTF-8." })
      return
    }
    if (ours && isTooDeepQueryKey(error)) {
      res.status(400).json({ type: "invalid_data", message: `${error.message}: a query parameter's name takes at most one dot (such as \`a.b\`).` })
      return
    }
    if (ours && isConflict(error)) {
      res.status(409).json({ code: "invalid_state_error", type: MedusaError.Types.CONFLICT, message: error.message })
      return
    }
    return medusa(error, req, res, next)
  }
}

/** Medusa's refusal of a query key with two dots (`?a.b.c=1`), which its handler answers as a 500. */
function isTooDeepQueryKey(error: unknown): error is { message: string } {
  const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown }
  return type === MedusaError.Types.INVALID_ARGUMENT && typeof message === "string" && message.startsWith("Key accessor more than 2 levels deep")
}

/** A MedusaError of type conflict, also as a workflow gives it back (its type kept, not its class). */
function isConflict(error: unknown): error is { message: string } {
  const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown }
  return type === MedusaError.Types.CONFLICT && typeof message === "string" && message.length > 0
}
