import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"

/** The paths of the plugin's own routes. */
const PLUGIN_PATHS = /^\/(admin\/pickup-points?|store\/pickup-points|hooks\/pickup-point)(\/|$)/

/**
 * Medusa's error handler, except for one error on the plugin's routes: a
 * path that is not valid percent-encoded UTF-8 (`/admin/pickup-points/%C0%AF`).
 * Express fails to decode it in Medusa's own `/admin*` middleware, before
 * any middleware of the plugin runs, and Medusa answers that 500; here it is
 * the 400 it is, in Medusa's error shape. Every other error, and every other
 * path, goes to Medusa's handler unchanged. A store that sets its own
 * `errorHandler` replaces this one (and answers such paths as it likes).
 */
export function pluginErrorHandler() {
  const medusa = errorHandler()
  return function pickupPointErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (error instanceof URIError && PLUGIN_PATHS.test(req.path)) {
      res.status(400).json({ type: "invalid_data", message: "The path is not valid percent-encoded UTF-8." })
      return
    }
    return medusa(error, req, res, next)
  }
}
