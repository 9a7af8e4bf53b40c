import { createHash } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** How long a browser or CDN may reuse a catalog answer before asking again (a deactivated point is still refused at checkout). */
export const CATALOG_MAX_AGE_SECONDS = 60

/**
 * Answers catalog data so it can be cached: `Cache-Control` with a short
 * max-age, and a strong ETag of the body, with 304 and no body when the
 * client already holds it (`If-None-Match`). `private` for an answer to a
 * request that holds something of the shopper's (the coordinates of "use my
 * location"): the browser may keep it, a shared cache (a CDN) may not.
 */
export function answerCacheable(req: MedusaRequest, res: MedusaResponse, body: unknown, options: { private?: boolean } = {}) {
  const json = JSON.stringify(body)
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`
  res.setHeader("ETag", etag)
  res.setHeader("Cache-Control", `${options.private ? "private" : "public"}, max-age=${CATALOG_MAX_AGE_SECONDS}`)
  if (matches(req.headers["if-none-match"], etag)) {
    res.status(304).end()
    return
  }
  res.status(200).type("application/json").send(json)
}

/** `If-None-Match`: `*`, or a list of tags compared weakly (a `W/` prefix is ignored), as RFC 9110 says for GET. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false
  const tags = (Array.isArray(header) ? header.join(",") : header).split(",").map((tag) => tag.trim().replace(/^W\//, ""))
  return tags.includes("*") || tags.includes(etag)
}
