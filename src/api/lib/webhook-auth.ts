import { createHash, createHmac, timingSafeEqual } from "node:crypto"

export type WebhookAuthSettings = {
  apiKey: string
  hmacSecret?: string
  signatureHeader: string
  timestampHeader: string
  toleranceSeconds: number
}

type Headers = Record<string, string | string[] | undefined>

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest()
  return timingSafeEqual(digest(expected), digest(given))
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/** The signature a platform that signs sends: HMAC-SHA256 of `<timestamp>.<raw body>`, hex, prefixed `sha256=`. */
export function signWebhookBody(rawBody: string | Buffer, secret: string, timestamp: number): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`
}

/**
 * Checks a webhook request: the merchant's API key in `X-Api-Key` (as the
 * platform is configured with it), and, when a secret is set, a fresh HMAC
 * signature. Says why it refuses, for the server log, never what was sent.
 */
export function verifyWebhook(
  headers: Headers,
  rawBody: Buffer | undefined,
  settings: WebhookAuthSettings,
  now = Date.now()
): { ok: true } | { ok: false; reason: string } {
  const apiKey = header(headers, "x-api-key")
  if (!apiKey || !sameSecret(settings.apiKey, apiKey)) {
    return { ok: false, reason: apiKey ? "wrong X-Api-Key" : "missing X-Api-Key" }
  }
  if (!settings.hmacSecret) {
    return { ok: true }
  }
  const signature = header(headers, settings.signatureHeader)
  const timestamp = Number(header(headers, settings.timestampHeader))
  if (!signature || !Number.isFinite(timestamp)) {
    return { ok: false, reason: `missing ${settings.signatureHeader} or ${settings.timestampHeader}` }
  }
  if (Math.abs(now / 1000 - timestamp) > settings.toleranceSeconds) {
    return { ok: false, reason: "signature timestamp outside the tolerance" }
  }
  if (!rawBody || !sameSecret(signWebhookBody(rawBody, settings.hmacSecret, timestamp), signature)) {
    return { ok: false, reason: "wrong signature" }
  }
  return { ok: true }
}
