import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import fc from "fast-check"

/*
 * Generated bad requests across every route of the plugin (store, admin,
 * webhook, and bad ids in every path with `:id`), for the fuzz benchmark and
 * its smaller run in the integration suite. Every request carries at least
 * one bad part (a NUL byte, a lone surrogate, an over-long or mistyped
 * value, an unknown field, a malformed id, a body that is not JSON), so
 * every one should be refused with a 4xx and change nothing.
 */

/** Ids of real records the bad requests aim at, so that a request let through would act on something. */
export type FuzzTargets = {
  adminHeaders: Record<string, string>
  storeHeaders: Record<string, string>
  webhookApiKey: string
  shipmentId: string
  pointId: string
  cartId: string
  optionId: string
  stockLocationId: string
}

export type BadRequest = { route: string; method: "GET" | "POST"; path: string; body?: unknown; rawBody?: string; auth: "admin" | "store" | "webhook" | "none" }

/** Strings PostgreSQL cannot store, or that no field takes. */
const badText = fc.oneof(
  fc.string({ maxLength: 20 }).chain((s) => fc.nat({ max: s.length }).map((i) => `${s.slice(0, i)}\u0000${s.slice(i)}`)),
  fc.string({ maxLength: 20 }).chain((s) => fc.constantFrom("\ud800", "\udfff", "\udbff").map((lone) => `${s}${lone}`)),
  fc.constantFrom("PP-MI-001\u0000", "x\u0000y", "\ud800", "Milano\udc00", "\u0000"),
  fc.integer({ min: 501, max: 5000 }).map((n) => "x".repeat(n))
)
/**
 * Query-string values (raw, already encoded) that are bad once decoded. (A
 * sequence that cannot be decoded at all, `%C0%AF`, is kept literally by
 * Medusa's query parser: that is text, not bad input; bad ids in the path
 * cover undecodable sequences.)
 */
const badQueryValue = fc.oneof(
  fc.constantFrom("%00", "a%00b", "%00%00", "Milano%00"),
  fc.integer({ min: 201, max: 2000 }).map((n) => "q".repeat(n))
)
/** Ids in a path segment: malformed percent-encoding, NUL, over-long, or unknown. */
const badId = fc.oneof(
  fc.constantFrom("%00", "%C0%AF", "%ED%A0%80", "a%00b", "%", "%zz", "%E0%80%80", "..%2F..%2Fetc", "%FF%FE"),
  fc.integer({ min: 201, max: 600 }).map((n) => "i".repeat(n)),
  fc.stringMatching(/^[a-z0-9_]{1,30}$/).map((s) => `unknown_${s}`)
)
/** A value of the wrong type for a text field (null is no wrong type: optional fields take it). */
const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({ $ne: null }))

const VALID_POINT = {
  code: "PP-FUZZ-1",
  name: "Fuzz point",
  address: "Via Roma 1",
  city: "Milano",
  postcode: "20121",
  country_code: "IT",
}

/** One field of a valid body replaced by a bad value (or an unknown field added). */
function spoil(valid: Record<string, unknown>, fields: string[]) {
  return fc.oneof(
    fc.tuple(fc.constantFrom(...fields), fc.oneof(badText, wrongType)).map(([field, value]) => ({ ...valid, [field]: value })),
    badText.map((value) => ({ ...valid, [`x_${value.length}`]: value }))
  )
}

export function badRequests(t: FuzzTargets): fc.Arbitrary<BadRequest> {
  const shipment = `/admin/pickup-point/shipments/${t.shipmentId}`
  const idRoutes: [BadRequest["method"], (id: string) => string, unknown][] = [
    ["GET", (id) => `/admin/pickup-points/${id}`, undefined],
    ["POST", (id) => `/admin/pickup-points/${id}`, { name: "Renamed" }],
    ["GET", (id) => `/admin/pickup-point/shipments/${id}`, undefined],
    ["GET", (id) => `/admin/pickup-point/shipments/${id}/overview`, undefined],
    ["GET", (id) => `/admin/pickup-point/shipments/${id}/label`, undefined],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/cancel`, {}],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/retry`, {}],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/sync`, {}],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/handover`, {}],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/tracking`, { status_code: "ST_0005", status_description: "At the point" }],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/verification-code`, {}],
    ["POST", (id) => `/admin/pickup-point/shipments/${id}/pickup-point`, { pickup_point_code: "PP-NOWHERE" }],
  ]
  const admin = (route: string, method: BadRequest["method"], path: string, body?: unknown): BadRequest => ({ route, method, path, body, auth: "admin" })

  return fc.oneof(
    // Bad ids in every path with :id.
    fc.tuple(fc.constantFrom(...idRoutes), badId).map(([[method, path, body], id]) => admin(`${method} ${path(":id")}`, method, path(id), body)),
    // The store's search: a bad value in each query parameter, or a parameter given as an array or object, or nested two dots deep.
    fc
      .tuple(fc.constantFrom("q", "postcode", "city", "country_code", "latitude", "longitude", "radius_km", "limit", "offset"), badQueryValue, fc.constantFrom("", "[]", "[a]", ".a.b"))
      .map(([param, value, shape]): BadRequest => ({ route: "GET /store/pickup-points", method: "GET", path: `/store/pickup-points?${param}${shape}=${value}`, auth: "store" })),
    // Admin lists.
    fc
      .tuple(fc.constantFrom("q", "country_code", "is_active", "latitude", "longitude", "radius_km", "limit", "offset"), badQueryValue)
      .map(([param, value]) => admin("GET /admin/pickup-points", "GET", `/admin/pickup-points?${param}=${value}`)),
    fc
      .tuple(fc.constantFrom("id", "order_id", "q", "status", "stage", "needs_attention", "limit"), badQueryValue)
      .map(([param, value]) => admin("GET /admin/pickup-point/shipments", "GET", `/admin/pickup-point/shipments?${param}=${value}`)),
    // The catalog.
    spoil(VALID_POINT, Object.keys(VALID_POINT).concat("province", "network_name", "opening_hours")).map((body) =>
      admin("POST /admin/pickup-points", "POST", "/admin/pickup-points", body)
    ),
    spoil({ name: "Renamed" }, ["name", "address", "city", "postcode", "code"]).map((body) =>
      admin("POST /admin/pickup-points/:id", "POST", `/admin/pickup-points/${t.pointId}`, body)
    ),
    // A CSV whose every row has a bad cell: rows rejected, nothing written.
    fc
      .array(fc.tuple(fc.constantFrom("code", "name", "address", "city", "postcode", "country_code"), badText), { minLength: 1, maxLength: 5 })
      .map((rows) => {
        const header = "code,name,address,city,postcode,country_code"
        const lines = rows.map(([field, value], i) => {
          const cells: Record<string, string> = { code: `PP-CSV-${i}`, name: "N", address: "A", city: "C", postcode: "1", country_code: "IT" }
          cells[field] = `"${value.replace(/"/g, '""')}"`
          return header.split(",").map((column) => cells[column]).join(",")
        })
        return admin("POST /admin/pickup-points/import", "POST", "/admin/pickup-points/import", { csv: [header, ...lines].join("\n") })
      }),
    spoil({ pickup_point_ids: [t.pointId], service_zone_id: "serzo_x", shipping_profile_id: "sp_x", prices: [{ currency_code: "eur", amount: 3 }] }, [
      "pickup_point_ids",
      "service_zone_id",
      "shipping_profile_id",
      "prices",
    ]).map((body) => admin("POST /admin/pickup-points/publish", "POST", "/admin/pickup-points/publish", body)),
    spoil({ stock_location_id: t.stockLocationId, prices: [{ currency_code: "eur", amount: 3 }], name: "Pickup" }, ["stock_location_id", "name", "shipping_profile_id"]).map(
      (body) => admin("POST /admin/pickup-point/setup", "POST", "/admin/pickup-point/setup", body)
    ),
    // Shipment actions on a real shipment, each with one bad field.
    badText.map((notes) => admin("POST /admin/pickup-point/shipments/:id/cancel", "POST", `${shipment}/cancel`, { notes })),
    spoil({ status_code: "ST_0005", status_description: "At the point" }, ["status_code", "status_description"]).map((body) =>
      admin("POST /admin/pickup-point/shipments/:id/tracking", "POST", `${shipment}/tracking`, body)
    ),
    badText.map((code) => admin("POST /admin/pickup-point/shipments/:id/handover", "POST", `${shipment}/handover`, { verification_code: code })),
    spoil({ pickup_point_code: "PP-NOWHERE", note: "Closer" }, ["pickup_point_code", "note"]).map((body) =>
      admin("POST /admin/pickup-point/shipments/:id/pickup-point", "POST", `${shipment}/pickup-point`, body)
    ),
    fc.oneof(badText.map((id) => [id]), fc.constant([]), wrongType).map((ids) => admin("POST /admin/pickup-point/labels", "POST", "/admin/pickup-point/labels", { shipment_ids: ids })),
    // A body that is not JSON, on any POST route of the plugin.
    fc
      .tuple(
        fc.constantFrom(
          "/admin/pickup-points",
          "/admin/pickup-points/import",
          `${shipment}/cancel`,
          `${shipment}/tracking`,
          `${shipment}/pickup-point`,
          "/admin/pickup-point/labels",
          "/admin/pickup-point/setup"
        ),
        fc.constantFrom("{", '{"a":', "\u0000", '{"notes":"\\u0000"', "[1,2")
      )
      .map(([path, rawBody]): BadRequest => ({ route: `POST ${path} (not JSON)`, method: "POST", path, rawBody, auth: "admin" })),
    // Checkout: a bad point code with the shipping method.
    fc.oneof(badText, wrongType).map((code): BadRequest => ({
      route: "POST /store/carts/:id/shipping-methods",
      method: "POST",
      path: `/store/carts/${t.cartId}/shipping-methods`,
      body: { option_id: t.optionId, data: { pickup_point_code: code } },
      auth: "store",
    })),
    // The webhook: authenticated with a bad payload, or not authenticated at all.
    fc
      .tuple(fc.constantFrom("orderReferencecode", "statusCode", "statusDescription", "trackingNumber"), fc.oneof(badText, fc.integer({ min: 501, max: 90_000 }).map((n) => "S".repeat(n))))
      .map(([field, value]): BadRequest => ({
        route: "POST /hooks/pickup-point",
        method: "POST",
        path: "/hooks/pickup-point",
        body: { orderReferencecode: "SO-UNKNOWN", statusCode: "ST_0006", [field]: value },
        auth: "webhook",
      })),
    fc.constantFrom("{", "null", "[]", '"x"', '{"statusCode":"\\u0000"}').map((rawBody): BadRequest => ({
      route: "POST /hooks/pickup-point (not a confirmation)",
      method: "POST",
      path: "/hooks/pickup-point",
      rawBody,
      auth: "webhook",
    })),
    badText.map((description): BadRequest => ({
      route: "POST /hooks/pickup-point (no key)",
      method: "POST",
      path: "/hooks/pickup-point",
      body: { orderReferencecode: "SO1", statusCode: "ST_0006", statusDescription: description },
      auth: "none",
    }))
  )
}

/** A CSV import answers 200 with each row's result: refused means every row rejected. */
function importedNothing(request: BadRequest, body: unknown): boolean {
  const result = body as { created?: number; updated?: number } | undefined
  return request.path === "/admin/pickup-points/import" && result?.created === 0 && result?.updated === 0
}

export type FuzzOutcome = {
  requests: number
  byStatus: Record<string, number>
  fiveXx: { route: string; path: string; status: number; body: string }[]
  accepted: { route: string; status: number; body: string }[]
  notMedusaShape: { route: string; status: number }[]
}

/** Sends the requests (a few at a time) and sorts the answers. */
export async function sendBadRequests(api: AxiosInstance, targets: FuzzTargets, requests: BadRequest[], concurrency = 4): Promise<FuzzOutcome> {
  const outcome: FuzzOutcome = { requests: 0, byStatus: {}, fiveXx: [], accepted: [], notMedusaShape: [] }
  const headersOf = (request: BadRequest): Record<string, string> => ({
    ...(request.auth === "admin" ? targets.adminHeaders : {}),
    ...(request.auth === "store" ? targets.storeHeaders : {}),
    ...(request.auth === "webhook" ? { "x-api-key": targets.webhookApiKey } : {}),
    ...(request.rawBody !== undefined ? { "content-type": "application/json" } : {}),
  })
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]
      const response = await api.request({
        method: request.method,
        url: request.path,
        data: request.rawBody ?? request.body,
        headers: headersOf(request),
        validateStatus: () => true,
        // Sent as given: the bad bytes are the point.
        transformRequest: request.rawBody !== undefined ? [(data: unknown) => data] : undefined,
      })
      outcome.requests++
      outcome.byStatus[response.status] = (outcome.byStatus[response.status] ?? 0) + 1
      const body = response.data as { type?: unknown; message?: unknown } | undefined
      if (response.status >= 500) {
        outcome.fiveXx.push({ route: request.route, path: request.path.slice(0, 120), status: response.status, body: JSON.stringify(body).slice(0, 300) })
      } else if (response.status < 400) {
        if (!importedNothing(request, body)) {
          outcome.accepted.push({ route: request.route, status: response.status, body: JSON.stringify(body).slice(0, 300) })
        }
      } else if (typeof body?.type !== "string" || typeof body?.message !== "string") {
        outcome.notMedusaShape.push({ route: request.route, status: response.status })
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return outcome
}

/**
 * The tables a refused request must leave as they were: the plugin's, and
 * Medusa's it writes to. (Not the webhook delivery log, where a refused
 * authenticated delivery is recorded with its reason, nor the tracking
 * sync's bookkeeping, which its job updates on its own schedule.)
 */
export const WATCHED_TABLES = [
  "pickup_point",
  "pickup_point_shipment",
  "pickup_point_shipment_event",
  "pickup_point_tracking_event",
  "pickup_point_verification_code_send",
  "pickup_point_label",
  "cart_shipping_method",
  "shipping_option",
  "fulfillment",
  "order",
]

/** Every row of the watched tables as `table:id:md5(row)`, to compare before and after. */
export async function rowFingerprints(container: MedusaContainer): Promise<Set<string>> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const rows = new Set<string>()
  for (const table of WATCHED_TABLES) {
    const { rows: found } = await pg.raw(`SELECT id, md5(t::text) AS digest FROM "${table}" t`)
    for (const row of found as { id: string; digest: string }[]) rows.add(`${table}:${row.id}:${row.digest}`)
  }
  return rows
}

/** Rows added, removed or changed between two fingerprints. */
export function changedRows(before: Set<string>, after: Set<string>): string[] {
  return [...[...after].filter((row) => !before.has(row)), ...[...before].filter((row) => !after.has(row))]
}

/** `count` requests drawn with a fixed seed: the same run every time. */
export function drawBadRequests(targets: FuzzTargets, count: number, seed: number): BadRequest[] {
  return fc.sample(badRequests(targets), { numRuns: count, seed })
}
