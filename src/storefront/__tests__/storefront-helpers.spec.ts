import { PICKUP_POINT_OPTION } from "../../providers/pickup-point/service"
import {
  PICKUP_POINT_ERRORS,
  PICKUP_POINT_OPTION_ID,
  PickupPointStoreError,
  createPickupPointStoreApi,
  fetchStoreRequest,
  formatDistance,
  formatPickupPointAddress,
  formatTodaysOpeningHours,
  isPickupPointOption,
  needsPickupPointChoice,
  optionsForPointPicker,
  pickupPointErrorCode,
  pickupPointShippingMethod,
  publishedPickupPointCode,
  readChosenPickupPoint,
  searchParams,
  sdkStoreRequest,
  safeTrackingUrl,
  shipmentProgressFromOrder,
  shipmentStageText,
  shopperError,
  withCurrentOpeningHours,
  withPickupPointDetails,
  findPickupPoint,
  weekdayOf,
  weeklyOpeningHours,
} from ".."

const HOURS = { mon: ["09:00-13:00", "15:00-19:00"], sat: ["09:00-12:30"] }
const SNAPSHOT = {
  code: "PP-MI-001",
  name: "Edicola Duomo",
  address: "Piazza del Duomo 1",
  postcode: "20122",
  city: "Milano",
  country_code: "it",
  opening_hours: HOURS,
  requires_verification_code: true,
  latitude: 45.4642,
  longitude: 9.19,
}

describe("recognising pickup-point shipping options", () => {
  it("uses the provider's own fulfillment option id", () => {
    expect(PICKUP_POINT_OPTION_ID).toBe(PICKUP_POINT_OPTION.id)
  })

  it("recognises the generic option by data.id or type code, and a published point's by its code", () => {
    expect(isPickupPointOption({ id: "so_1", data: { id: "pickup-point" } })).toBe(true)
    expect(isPickupPointOption({ id: "so_2", data: {}, type: { code: "pickup-point" } })).toBe(true)
    expect(isPickupPointOption({ id: "so_3", data: { pickup_point_code: "PP-MI-001" } })).toBe(true)
    expect(isPickupPointOption({ id: "so_4", data: { id: "manual-fulfillment" }, type: { code: "home-delivery" } })).toBe(false)
    expect(isPickupPointOption({ id: "so_5", data: null, type: null })).toBe(false)
    expect(isPickupPointOption(undefined)).toBe(false)
  })

  it("asks for a choice only when the option is not one point's", () => {
    const generic = { id: "so_1", data: { id: "pickup-point" } }
    const published = { id: "so_2", data: { id: "pickup-point", pickup_point_code: " PP-RM-001 " } }
    expect(needsPickupPointChoice(generic)).toBe(true)
    expect(needsPickupPointChoice(published)).toBe(false)
    expect(publishedPickupPointCode(published)).toBe("PP-RM-001")
    expect(publishedPickupPointCode(generic)).toBeNull()
  })

  it("lists beside a picker the options other than published points', unless the cart has one", () => {
    const generic = { id: "so_generic", data: { id: "pickup-point" } }
    const rome = { id: "so_rome", data: { id: "pickup-point", pickup_point_code: "PP-RM-001" } }
    const courier = { id: "so_courier", data: { id: "manual-fulfillment" } }
    expect(optionsForPointPicker([courier, rome, generic]).map((o) => o.id)).toEqual(["so_courier", "so_generic"])
    expect(optionsForPointPicker([courier, rome, generic], "so_rome").map((o) => o.id)).toEqual(["so_courier", "so_rome", "so_generic"])
    // No option to choose a point with: the published ones are how a shopper gets a point.
    expect(optionsForPointPicker([courier, rome]).map((o) => o.id)).toEqual(["so_courier", "so_rome"])
  })

  it("builds the shipping-method body with the point's code", () => {
    expect(pickupPointShippingMethod("so_1", { code: "PP-MI-001" })).toEqual({ option_id: "so_1", data: { pickup_point_code: "PP-MI-001" } })
    expect(pickupPointShippingMethod("so_1", "PP-TO-001").data.pickup_point_code).toBe("PP-TO-001")
  })
})

describe("reading the chosen point from a cart or an order", () => {
  it("reads the snapshot next to the code", () => {
    const chosen = readChosenPickupPoint({
      shipping_methods: [
        { id: "sm_0", name: "Home delivery", data: {} },
        { id: "sm_1", name: "Pickup point", data: { pickup_point_code: "PP-MI-001", pickup_point: SNAPSHOT } },
      ],
    })
    expect(chosen).toEqual({
      code: "PP-MI-001",
      point: { ...SNAPSHOT, province: null },
      shipping_method_id: "sm_1",
      shipping_method_name: "Pickup point",
    })
  })

  it("tolerates a method with the code only, a partial snapshot, and no methods or data at all", () => {
    expect(readChosenPickupPoint({ shipping_methods: [{ data: { pickup_point_code: "PP-TO-001" } }] })).toEqual({
      code: "PP-TO-001",
      point: null,
      shipping_method_id: null,
      shipping_method_name: null,
    })
    expect(
      readChosenPickupPoint({ shipping_methods: [{ data: { pickup_point_code: "PP-TO-001", pickup_point: { code: "PP-TO-001", name: "X" } } }] })?.point
    ).toBeNull()
    expect(readChosenPickupPoint({ shipping_methods: [{ data: { pickup_point: { ...SNAPSHOT, latitude: "45.1", opening_hours: "x" } } }] })?.point).toMatchObject({
      code: "PP-MI-001",
      latitude: 45.1,
      opening_hours: null,
    })
    // Another point's snapshot beside the code is not shown as this point.
    expect(readChosenPickupPoint({ shipping_methods: [{ data: { pickup_point_code: "PP-TO-001", pickup_point: SNAPSHOT } }] })).toMatchObject({
      code: "PP-TO-001",
      point: null,
    })
    expect(readChosenPickupPoint({ shipping_methods: [{ id: "sm_1" }, null] })).toBeNull()
    expect(readChosenPickupPoint({})).toBeNull()
    expect(readChosenPickupPoint(null)).toBeNull()
  })
})

describe("formatting a point", () => {
  it("writes the address on one line or two", () => {
    expect(formatPickupPointAddress(SNAPSHOT)).toBe("Piazza del Duomo 1, 20122 Milano")
  })

  it("finds the weekday where the point is", () => {
    // Monday 23:30 UTC is already Tuesday in Rome.
    const late = new Date("2026-11-23T23:30:00Z")
    expect(weekdayOf(late, "UTC")).toBe("mon")
    expect(weekdayOf(late, "Europe/Rome")).toBe("tue")
  })

  it("formats with the device's locale and zone when the store's are not valid, rather than throwing", () => {
    const late = new Date("2026-11-23T23:30:00Z")
    expect(() => new Intl.DateTimeFormat("it_IT")).toThrow(RangeError)
    expect(weekdayOf(late, "Europe/Milan")).toBe(weekdayOf(late))
    expect(weeklyOpeningHours(SNAPSHOT.opening_hours, "it_IT").map((row) => row.label)).toEqual(weeklyOpeningHours(SNAPSHOT.opening_hours).map((row) => row.label))
    expect(formatDistance(2.4, "it_IT")).toBe(formatDistance(2.4))
  })

  it("says today's hours, closed, or nothing when unknown", () => {
    const monday = new Date("2026-11-23T10:00:00Z")
    const sunday = new Date("2026-11-22T10:00:00Z")
    expect(formatTodaysOpeningHours(SNAPSHOT, { now: monday, timeZone: "Europe/Rome" })).toBe("Today 09:00–13:00, 15:00–19:00")
    expect(formatTodaysOpeningHours(SNAPSHOT, { now: sunday, timeZone: "Europe/Rome" })).toBe("Closed today, opens Monday at 09:00")
    expect(
      formatTodaysOpeningHours(SNAPSHOT, {
        now: sunday,
        timeZone: "Europe/Rome",
        locale: "it-IT",
        labels: { closedToday: "Oggi chiuso", opensOn: "apre {day} alle {time}" },
      })
    ).toBe("Oggi chiuso, apre lunedì alle 09:00")
    // Monday's next opening is Saturday, skipping the closed days.
    const tuesday = new Date("2026-11-24T10:00:00Z")
    expect(formatTodaysOpeningHours(SNAPSHOT, { now: tuesday, timeZone: "Europe/Rome" })).toBe("Closed today, opens Saturday at 09:00")
    expect(formatTodaysOpeningHours({ opening_hours: { mon: ["bad"] } }, { now: sunday })).toBe("Closed today")
    expect(formatTodaysOpeningHours({ opening_hours: null })).toBeNull()
    expect(formatTodaysOpeningHours({ opening_hours: {} })).toBeNull()
    expect(formatTodaysOpeningHours({ opening_hours: { notes: ["ask at the counter"] } as never })).toBeNull()
  })

  it("lists the week from Monday in the shopper's language, skipping malformed intervals", () => {
    const week = weeklyOpeningHours({ ...HOURS, tue: ["9-13", "10:00-11:00"] }, "it-IT")
    expect(week.map((row) => row.day)).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    expect(week[0]).toEqual({ day: "mon", label: "lunedì", intervals: ["09:00–13:00", "15:00–19:00"] })
    expect(week[1].intervals).toEqual(["10:00–11:00"])
    expect(week[6].intervals).toEqual([])
    expect(weeklyOpeningHours(null)).toEqual([])
    // Hours with no day at all are unknown, not "closed every day".
    expect(weeklyOpeningHours({})).toEqual([])
    expect(weeklyOpeningHours({ sun: [] })).toHaveLength(7)
  })

  it("writes distances in metres or kilometres", () => {
    expect(formatDistance(0.347)).toBe("350 m")
    expect(formatDistance(0)).toBe("0 m")
    // Rounded before the unit is chosen: never "1000 m".
    expect(formatDistance(0.996)).toBe("1 km")
    expect(formatDistance(0.994)).toBe("990 m")
    expect(formatDistance(2.44, "en-US")).toBe("2.4 km")
    expect(formatDistance(2.44, "it-IT")).toBe("2,4 km")
    // In the locale's own digits, metres as well as kilometres.
    expect(formatDistance(0.347, "ar-EG")).not.toContain("350")
    expect(formatDistance(null)).toBeNull()
    expect(formatDistance(Number.NaN)).toBeNull()
  })
})

describe("reading a refusal's code", () => {
  it("reads the code from Medusa's body, an axios error, a cart's error, or a js-sdk error's message", () => {
    expect(pickupPointErrorCode({ type: "invalid_data", code: "phone_required", message: "x" })).toBe("phone_required")
    expect(pickupPointErrorCode({ response: { data: { code: "pickup_point_required" } } })).toBe("pickup_point_required")
    expect(pickupPointErrorCode({ type: "cart", error: { code: "pickup_point_unavailable" } })).toBe("pickup_point_unavailable")
    // js-sdk's FetchError keeps only the message.
    const fetchError = Object.assign(new Error(PICKUP_POINT_ERRORS.phone_required), { status: 400, statusText: "Bad Request" })
    expect(pickupPointErrorCode(fetchError)).toBe("phone_required")
    expect(pickupPointErrorCode(new Error("Something else"))).toBeNull()
    expect(pickupPointErrorCode({ code: "invalid_request_error", message: "bad" })).toBeNull()
    expect(pickupPointErrorCode(undefined)).toBeNull()
  })

  it("gives the shopper the known message, else the error's, else a fallback", () => {
    expect(shopperError({ code: "too_many_requests", message: "dev words" })).toEqual({
      code: "too_many_requests",
      message: PICKUP_POINT_ERRORS.too_many_requests,
    })
    expect(shopperError(new Error("Payment declined"))).toEqual({ code: null, message: "Payment declined" })
    expect(shopperError(42, "Try again")).toEqual({ code: null, message: "Try again" })
  })

  it("tells the shopper in their words, with a code, that the store could not be reached or failed", () => {
    // What fetch rejects with offline, in Chromium, Safari and Node.
    for (const message of ["Failed to fetch", "Load failed", "fetch failed"]) {
      expect(shopperError(new TypeError(message))).toEqual({ code: "network_error", message: PICKUP_POINT_ERRORS.network_error })
    }
    // A proxy's 502 page (no JSON), Medusa's 500 with its own words, an axios error: not shown as they came.
    expect(shopperError(new PickupPointStoreError(502, {}, null))).toEqual({ code: "unexpected_error", message: PICKUP_POINT_ERRORS.unexpected_error })
    expect(shopperError(new PickupPointStoreError(404, {}, null)).code).toBe("unexpected_error")
    expect(shopperError(new PickupPointStoreError(500, { type: "unknown_error", message: "An unknown error occurred." }, null)).code).toBe("unexpected_error")
    expect(shopperError({ message: "Request failed with status code 503", response: { status: 503, data: "<html>" } }).code).toBe("unexpected_error")
    // A refusal with its own words stays as it is, and a known code wins over a 5xx.
    expect(shopperError(new PickupPointStoreError(400, { type: "invalid_data", message: "Payment declined" }, null))).toEqual({ code: null, message: "Payment declined" })
    expect(shopperError(new PickupPointStoreError(503, { code: "too_many_requests" }, null)).code).toBe("too_many_requests")
  })
})

describe("the shipment's progress", () => {
  it("reads Medusa's fulfillments: label and tracking number, shipped, delivered; cancelled ones are skipped", () => {
    expect(shipmentProgressFromOrder({ fulfillments: [] })).toBeNull()
    expect(shipmentProgressFromOrder({ fulfillments: [{ labels: [] }] })).toEqual({ stage: null, tracking_number: null, tracking_url: null })
    const labelled = { labels: [{ tracking_number: "", tracking_url: "" }, { tracking_number: "TRK1", tracking_url: "" }] }
    expect(shipmentProgressFromOrder({ fulfillments: [labelled] })).toEqual({ stage: "label", tracking_number: "TRK1", tracking_url: null })
    expect(shipmentProgressFromOrder({ fulfillments: [{ ...labelled, shipped_at: "2026-11-20" }] })?.stage).toBe("shipped")
    expect(shipmentProgressFromOrder({ fulfillments: [{ ...labelled, shipped_at: "x", delivered_at: "y" }] })?.stage).toBe("delivered")
    expect(shipmentProgressFromOrder({ fulfillments: [labelled, { canceled_at: "z", shipped_at: "x" }] })?.stage).toBe("label")
  })

  it("words the stage for shoppers and links only http(s) tracking pages", () => {
    expect(shipmentStageText({ stage: "at_pickup_point" })).toBe("Arrived at the pickup point")
    expect(shipmentStageText({ stage: "shipped", ready_for_pickup: true })).toBe("Ready for pickup")
    expect(shipmentStageText({ stage: "shipped" }, { shipped: "In viaggio" })).toBe("In viaggio")
    expect(shipmentStageText({ stage: "ST_9999" })).toBeNull()
    expect(shipmentStageText(null)).toBeNull()
    expect(safeTrackingUrl({ tracking_url: " https://t.example/1 " })).toBe("https://t.example/1")
    expect(safeTrackingUrl({ tracking_url: "javascript:alert(1)" })).toBeNull()
  })
})

describe("the store calls", () => {
  type Call = { url: string; init: RequestInit }
  function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
    const calls: Call[] = []
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })
    }) as unknown as typeof fetch
    return { calls, fetchImpl }
  }

  it("searches with the publishable key and only the filled-in filters", async () => {
    const { calls, fetchImpl } = fakeFetch(200, { pickup_points: [SNAPSHOT], count: 1, limit: 20, offset: 0 })
    const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://shop.test/", publishableKey: "pk_1", fetch: fetchImpl }))
    const result = await api.search({ city: " Milano ", postcode: "", q: undefined, latitude: 45.1, limit: 20 })
    expect(result.count).toBe(1)
    expect(calls[0].url).toBe("http://shop.test/store/pickup-points?city=Milano&latitude=45.1&limit=20")
    expect((calls[0].init.headers as Record<string, string>)["x-publishable-api-key"]).toBe("pk_1")
  })

  it("chooses a point by adding the shipping method with its code", async () => {
    const { calls, fetchImpl } = fakeFetch(200, { cart: { id: "cart_1" } })
    const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://shop.test", publishableKey: "pk_1", fetch: fetchImpl }))
    expect(await api.choose("cart_1", "so_1", { code: "PP-MI-001" })).toEqual({ id: "cart_1" })
    // Medusa's default cart fields leave the methods' data out.
    expect(calls[0].url).toBe("http://shop.test/store/carts/cart_1/shipping-methods?fields=%2Bshipping_methods.data")
    await api.choose("cart_1", "so_1", "PP-MI-001", { fields: "id" })
    expect(calls[1].url).toBe("http://shop.test/store/carts/cart_1/shipping-methods?fields=id")
    expect(calls[0].init.method).toBe("POST")
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ option_id: "so_1", data: { pickup_point_code: "PP-MI-001" } })
  })

  it("reads an order's point and its parcel's progress from the plugin's store route", async () => {
    const answer = { pickup_point: { code: "PP-MI-001", name: "Edicola Duomo" }, shipment: { stage: "shipped", tracking_number: "TN1", tracking_url: null, ready_for_pickup: false } }
    const { calls, fetchImpl } = fakeFetch(200, answer)
    const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://shop.test", publishableKey: "pk_1", fetch: fetchImpl }))
    const progress = await api.orderShipment("order/1")
    expect(progress).toEqual(answer)
    expect(calls[0].url).toBe("http://shop.test/store/pickup-point/orders/order%2F1/shipment")
    expect(shipmentStageText(progress.shipment)).toBe("On its way to the pickup point")
  })

  it("keeps Medusa's code and Retry-After on a refusal", async () => {
    const { fetchImpl } = fakeFetch(429, { type: "not_allowed", code: "too_many_requests", message: PICKUP_POINT_ERRORS.too_many_requests }, { "retry-after": "7" })
    const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://shop.test", publishableKey: "pk_1", fetch: fetchImpl }))
    const error = await api.search({ q: "milano" }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PickupPointStoreError)
    expect(error).toMatchObject({ status: 429, code: "too_many_requests", retryAfterSeconds: 7 })
    expect(pickupPointErrorCode(error)).toBe("too_many_requests")
  })

  it("answers null for a point that is no longer there", async () => {
    const { fetchImpl } = fakeFetch(404, { type: "not_found", message: "Pickup point X was not found" })
    const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://shop.test", publishableKey: "pk_1", fetch: fetchImpl }))
    expect(await api.retrieve("X")).toBeNull()
  })

  it("goes through a js-sdk instance's client.fetch", async () => {
    const seen: unknown[] = []
    const sdk = {
      client: {
        fetch: async <T>(path: string, init?: unknown) => {
          seen.push([path, init])
          return { pickup_point: SNAPSHOT } as T
        },
      },
    }
    const point = await createPickupPointStoreApi(sdkStoreRequest(sdk)).retrieve("PP MI/1")
    expect(point?.code).toBe("PP-MI-001")
    expect(seen[0]).toEqual(["/store/pickup-points/PP%20MI%2F1", { method: "GET", query: undefined, body: undefined, signal: undefined }])
  })

  it("gives a stored point the opening hours the catalog has now, and keeps the stored ones when it cannot", async () => {
    const snapshotted = { code: "PP-MI-001", point: { ...SNAPSHOT, opening_hours: { mon: ["09:00-19:00"] } }, shipping_method_id: "sm_1", shipping_method_name: "Pickup point" }
    const now = { ...SNAPSHOT, id: "pup_1", name: "Renamed", opening_hours: { mon: ["09:00-13:00"], sun: ["10:00-12:00"] } }
    const listed = { retrieve: async () => now, search: async () => Promise.reject(new Error("not used")) }
    // The hours only: the rest is the point the order was placed with.
    expect(await withCurrentOpeningHours(listed, snapshotted)).toEqual({ ...snapshotted, point: { ...snapshotted.point, opening_hours: now.opening_hours } })
    expect(await withCurrentOpeningHours({ retrieve: async () => null }, snapshotted)).toBe(snapshotted)
    // Hours taken out of the catalog: the order's, the last ones known (as the admin's order page shows them).
    expect(await withCurrentOpeningHours({ retrieve: async () => ({ ...now, opening_hours: {} }) }, snapshotted)).toBe(snapshotted)
    expect(await withCurrentOpeningHours({ retrieve: async () => Promise.reject(new PickupPointStoreError(502, {}, null)) }, snapshotted)).toBe(snapshotted)
    const codeOnly = { ...snapshotted, point: null }
    expect(await withCurrentOpeningHours(listed, codeOnly)).toBe(codeOnly)
  })

  it("completes a chosen point without a snapshot from the catalog: the one-point route, else an exact-code search", async () => {
    const chosen = { code: "PP-MI-001", point: null, shipping_method_id: "sm_1", shipping_method_name: "Pickup point" }
    const point = { ...SNAPSHOT, id: "pup_1" }
    const near = { ...SNAPSHOT, id: "pup_2", code: "PP-MI-0010" }
    const result = (pickup_points: typeof point[]) => ({ pickup_points, count: pickup_points.length, limit: 10, offset: 0 })
    const withRoute = { retrieve: async () => point, search: async () => result([]) }
    const withoutRoute = { retrieve: async () => null, search: async () => result([near, point]) }
    const gone = { retrieve: async () => null, search: async () => result([near]) }
    expect((await withPickupPointDetails(withRoute, chosen)).point).toBe(point)
    expect((await withPickupPointDetails(withoutRoute, chosen)).point).toBe(point)
    expect(await withPickupPointDetails(gone, chosen)).toBe(chosen)
    const snapshotted = { ...chosen, point: SNAPSHOT }
    expect(await withPickupPointDetails(gone, snapshotted)).toBe(snapshotted)
    const down = { retrieve: async () => null, search: async () => Promise.reject(new Error("down")) }
    expect(await withPickupPointDetails(down, chosen)).toBe(chosen)
    expect(await findPickupPoint(withoutRoute, "PP-MI-001")).toBe(point)
    expect(await findPickupPoint(gone, "PP-MI-001")).toBeNull()
    // The route failing (the store down) is not a point gone: the error is thrown.
    const failing = { retrieve: async () => Promise.reject(new PickupPointStoreError(502, {}, null)), search: async () => result([near]) }
    await expect(findPickupPoint(failing, "PP-MI-001")).rejects.toMatchObject({ status: 502 })
  })

  it("drops blank and non-finite filters", () => {
    expect(searchParams({ q: "  ", postcode: "201", latitude: Number.NaN, radius_km: 10 })).toEqual({ postcode: "201", radius_km: 10 })
  })
})
