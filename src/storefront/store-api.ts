import { PICKUP_POINT_ERRORS, isPickupPointErrorCode } from "./error-codes"
import type { PickupPoint, PickupPointQuery, PickupPointSearchResult } from "./pickup-point"
import type { ChosenPickupPoint } from "./chosen-point"
import type { ShipmentProgress } from "./shipment-progress"
import { hasOpeningDays } from "./format"
import { pickupPointShippingMethod } from "./shipping-options"

export type StoreRequestInit = {
  method?: "GET" | "POST"
  query?: Record<string, string | number | undefined>
  body?: unknown
  signal?: AbortSignal
  /** The browser's HTTP cache for this call: `no-cache` asks the store again (a cheap 304 when nothing changed). */
  cache?: RequestCache
}

/** Options of a read: its abort signal, and whether the browser may answer it from its cache. */
export type StoreReadOptions = { signal?: AbortSignal; cache?: RequestCache }

/** One call to the store API, answering the parsed JSON body and throwing on a non-2xx status. */
export type StoreRequest = <T>(path: string, init?: StoreRequestInit) => Promise<T>

/** A refusal of the store API, with Medusa's `type` and `code` and, on 429, how long to wait. */
export class PickupPointStoreError extends Error {
  readonly status: number
  readonly code: string | null
  readonly type: string | null
  readonly retryAfterSeconds: number | null

  constructor(status: number, body: { code?: unknown; type?: unknown; message?: unknown }, retryAfterSeconds: number | null) {
    const code = typeof body.code === "string" ? body.code : null
    super(
      typeof body.message === "string" && body.message
        ? body.message
        : isPickupPointErrorCode(code)
          ? PICKUP_POINT_ERRORS[code]
          : `The store answered ${status}.`
    )
    this.name = "PickupPointStoreError"
    this.status = status
    this.code = code
    this.type = typeof body.type === "string" ? body.type : null
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Store calls over `fetch` (the browser's, or any other), with the
 * publishable key. Errors keep Medusa's `code`, unlike js-sdk's `FetchError`.
 */
export function fetchStoreRequest(config: {
  baseUrl: string
  publishableKey: string
  headers?: Record<string, string>
  fetch?: typeof fetch
}): StoreRequest {
  const base = config.baseUrl.replace(/\/+$/, "")
  return async <T>(path: string, init: StoreRequestInit = {}): Promise<T> => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== "") params.set(key, String(value))
    }
    const search = params.toString()
    const response = await (config.fetch ?? fetch)(`${base}${path}${search ? `?${search}` : ""}`, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        "x-publishable-api-key": config.publishableKey,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...config.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      ...(init.cache ? { cache: init.cache } : {}),
    })
    const body = await response.json().catch(() => ({}))
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after"))
      throw new PickupPointStoreError(response.status, body ?? {}, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null)
    }
    return body as T
  }
}

/** The parts of `@medusajs/js-sdk`'s `Medusa` instance used here (its `client.fetch`, which adds the key and auth). */
export type MedusaSdkLike = {
  client: {
    fetch<T>(
      path: string,
      init?: { method?: string; query?: Record<string, unknown>; body?: Record<string, unknown>; signal?: AbortSignal | null; cache?: RequestCache }
    ): Promise<T>
  }
}

/** Store calls through a js-sdk instance, so its publishable key, session and headers apply. */
export function sdkStoreRequest(sdk: MedusaSdkLike): StoreRequest {
  return <T>(path: string, init: StoreRequestInit = {}) =>
    sdk.client.fetch<T>(path, {
      method: init.method ?? "GET",
      query: init.query,
      body: init.body as Record<string, unknown> | undefined,
      signal: init.signal,
      // js-sdk hands its init on to fetch.
      ...(init.cache ? { cache: init.cache } : {}),
    })
}

export type PickupPointStoreApi = {
  /** `GET /store/pickup-points`: active points only. */
  search(query: PickupPointQuery, options?: StoreReadOptions): Promise<PickupPointSearchResult>
  /** `GET /store/pickup-points/:code`: one active point, or null when it is unknown or no longer active. */
  retrieve(code: string, options?: StoreReadOptions): Promise<PickupPoint | null>
  /** Adds the pickup-point shipping method with the chosen point; answers the cart, with its methods' `data` unless `fields` says otherwise. */
  choose<Cart = Record<string, unknown>>(cartId: string, optionId: string, point: { code: string } | string, options?: { fields?: string }): Promise<Cart>
  /**
   * `GET /store/pickup-point/orders/:id/shipment`: where to collect an order and how far its parcel
   * has gone (stage, tracking number and link, ready for pickup), for the confirmation and account
   * pages. `pickup_point` is null for an order not delivered to a point; `shipment` is null until
   * the shipment order exists.
   */
  orderShipment(orderId: string, options?: { signal?: AbortSignal }): Promise<OrderPickupPointShipment>
}

/** Where to collect an order, and its parcel's progress, as the store API answers them. */
export type OrderPickupPointShipment = {
  pickup_point: (Partial<PickupPoint> & { code: string }) | null
  shipment: ShipmentProgress | null
}

/**
 * What to add to a store cart request's `fields` so that its shipping methods
 * carry their `data` (the chosen point): Medusa's default cart fields leave
 * it out. Orders include it by default.
 */
export const PICKUP_POINT_CART_FIELDS = "+shipping_methods.data"

/** The store calls a pickup-point checkout makes, over `fetchStoreRequest` or `sdkStoreRequest`. */
export function createPickupPointStoreApi(request: StoreRequest): PickupPointStoreApi {
  return {
    search: (query, options = {}) =>
      request<PickupPointSearchResult>("/store/pickup-points", { query: searchParams(query), signal: options.signal, cache: options.cache }),
    async retrieve(code, options = {}) {
      try {
        const { pickup_point } = await request<{ pickup_point: PickupPoint }>(`/store/pickup-points/${encodeURIComponent(code)}`, {
          signal: options.signal,
          cache: options.cache,
        })
        return pickup_point ?? null
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null
        throw error
      }
    },
    async choose<Cart>(cartId: string, optionId: string, point: { code: string } | string, options: { fields?: string } = {}) {
      const { cart } = await request<{ cart: Cart }>(`/store/carts/${encodeURIComponent(cartId)}/shipping-methods`, {
        method: "POST",
        query: { fields: options.fields ?? PICKUP_POINT_CART_FIELDS },
        body: pickupPointShippingMethod(optionId, point),
      })
      return cart
    },
    orderShipment: (orderId, options = {}) =>
      request<OrderPickupPointShipment>(`/store/pickup-point/orders/${encodeURIComponent(orderId)}/shipment`, { signal: options.signal }),
  }
}

/** The query string of a search; empty and blank values are left out. */
export function searchParams(query: PickupPointQuery): Record<string, string | number | undefined> {
  const params: Record<string, string | number | undefined> = {}
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "string" ? value.trim() !== "" : typeof value === "number" && Number.isFinite(value)) {
      params[key] = typeof value === "string" ? value.trim() : value
    }
  }
  return params
}

/**
 * An active point by its code: the one-point route, else (it answered 404)
 * an exact-code search, for servers without that route. Null when it is
 * unknown or no longer active. A failure of the route (the store down, a
 * 5xx) is thrown, not taken for a point that is gone: the search's first
 * results may not hold the code.
 */
export async function findPickupPoint(
  api: Pick<PickupPointStoreApi, "retrieve" | "search">,
  code: string,
  options: StoreReadOptions = {}
): Promise<PickupPoint | null> {
  const point = await api.retrieve(code, options)
  if (point) return point
  const { pickup_points } = await api.search({ q: code, limit: 10 }, options)
  return pickup_points.find((candidate) => candidate.code === code) ?? null
}

/**
 * The chosen point with its details: the snapshot the server stored on the
 * shipping method when there is one, else the catalog's entry for its code.
 * The code alone when the point is no longer listed.
 */
export async function withPickupPointDetails(
  api: Pick<PickupPointStoreApi, "retrieve" | "search">,
  chosen: ChosenPickupPoint,
  options: StoreReadOptions = {}
): Promise<ChosenPickupPoint> {
  if (chosen.point) return chosen
  const point = await findPickupPoint(api, chosen.code, options).catch(() => null)
  return point ? { ...chosen, point } : chosen
}

/**
 * The chosen point with the opening hours the catalog has now: the snapshot
 * stored with a cart or an order keeps those of the moment the point was
 * chosen, which the store may have changed since, and the shopper goes by
 * them. "Now" as the browser's cache allows (the store lets it keep a point
 * for a minute; `options.cache` can say otherwise). As it was when the point
 * is no longer listed, the catalog gives it no hours any more, or the store
 * cannot be reached.
 */
export async function withCurrentOpeningHours(
  api: Pick<PickupPointStoreApi, "retrieve">,
  chosen: ChosenPickupPoint,
  options: StoreReadOptions = {}
): Promise<ChosenPickupPoint> {
  if (!chosen.point) return chosen
  const current = await api.retrieve(chosen.code, options).catch(() => null)
  return current && hasOpeningDays(current.opening_hours) ? { ...chosen, point: { ...chosen.point, opening_hours: current.opening_hours } } : chosen
}
