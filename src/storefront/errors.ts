import { PICKUP_POINT_ERRORS, isPickupPointErrorCode, type PickupPointErrorCode } from "./error-codes"

/** A refusal as a storefront shows it: the stable code (null for other errors) and the message for the shopper. */
export type ShopperError = { code: PickupPointErrorCode | null; message: string }

const CODE_BY_MESSAGE = new Map<string, PickupPointErrorCode>(
  Object.entries(PICKUP_POINT_ERRORS).map(([code, message]) => [message, code as PickupPointErrorCode])
)

/**
 * The stable code of a refusal, from whatever carries it: Medusa's error body
 * (`{ type, code, message }`), this package's `PickupPointStoreError`, an axios
 * error's `response.data`, a completed cart's `error`, or a js-sdk
 * `FetchError`, which keeps the message only (the code is then found from the
 * message the server sent). Null for any other error.
 */
export function pickupPointErrorCode(error: unknown): PickupPointErrorCode | null {
  for (const candidate of carriers(error)) {
    if (isPickupPointErrorCode(candidate.code)) return candidate.code
    const byMessage = typeof candidate.message === "string" ? CODE_BY_MESSAGE.get(candidate.message.trim()) : undefined
    if (byMessage) return byMessage
  }
  return null
}

/**
 * What to tell the shopper: the message of a known code (in English; key your
 * translations on `code`); `network_error` when the store could not be
 * reached and `unexpected_error` when it failed (5xx) or answered with no
 * message, rather than the browser's or the server's technical words; else
 * the refusal's own message (a payment provider's, say), else `fallback`.
 */
export function shopperError(error: unknown, fallback = "Something went wrong. Please try again."): ShopperError {
  const code = pickupPointErrorCode(error) ?? failureCode(error)
  if (code) return { code, message: PICKUP_POINT_ERRORS[code] }
  const message = carriers(error)
    .map((candidate) => candidate.message)
    .find((text): text is string => typeof text === "string" && text.trim() !== "")
  return { code: null, message: message ?? fallback }
}

/** A failure that is not a refusal: no answer at all, a server error, or an answer with nothing to say. */
function failureCode(error: unknown): "network_error" | "unexpected_error" | null {
  if (!error || typeof error !== "object") return null
  const failed = error as { name?: unknown; message?: unknown; status?: unknown; response?: { status?: unknown } }
  const status = typeof failed.status === "number" ? failed.status : typeof failed.response?.status === "number" ? failed.response.status : null
  // fetch rejects with a TypeError when nothing came back ("Failed to fetch", "Load failed", "fetch failed").
  if (status === null && failed.name === "TypeError" && /fetch|load failed|network/i.test(String(failed.message))) return "network_error"
  if (status !== null && (status >= 500 || failed.message === `The store answered ${status}.`)) return "unexpected_error"
  return null
}

type Carrier = { code?: unknown; message?: unknown }

/** The error itself and the bodies it may wrap, outermost last so that a body's code wins over a wrapper's. */
function carriers(error: unknown): Carrier[] {
  if (typeof error === "string") return [{ message: error }]
  if (!error || typeof error !== "object") return []
  const outer = error as Carrier & { response?: { data?: unknown }; body?: unknown; error?: unknown }
  const inner = [outer.body, outer.response?.data, outer.error].filter(
    (value): value is Carrier => !!value && typeof value === "object"
  )
  return [...inner, { code: outer.code, message: outer.message }]
}
