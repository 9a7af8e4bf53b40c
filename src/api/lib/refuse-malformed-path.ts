import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { isStorableText } from "../../modules/pickup-point/lib/storable-text"

/** The longest path segment (an id) the plugin's routes take. */
const MAX_SEGMENT = 200

/**
 * On every route of the plugin, before any route with an `:id` decodes its
 * parameters: a path segment that decodes to text PostgreSQL cannot store
 * (`%00`), or that is over-long, is a 400 in Medusa's error shape instead
 * of an id that fails in a query. (A segment that cannot be decoded at all,
 * `%C0%AF`, fails earlier, in Medusa's own `/admin*` middleware: see
 * plugin-error-handler.ts.) Registered without a method and without
 * parameters, so it decodes nothing itself before checking.
 */
export function refuseMalformedPath(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  for (const segment of req.originalUrl.split("?")[0].split("/")) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The path is not valid percent-encoded UTF-8."))
    }
    if (!isStorableText(decoded) || decoded.length > MAX_SEGMENT) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `A path segment must be at most ${MAX_SEGMENT} characters, without NUL bytes or unpaired surrogates.`))
    }
  }
  next()
}
