import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { DEFAULT_SUMMARY_LABELS, ITALIAN_PICKER_LABELS, ITALIAN_SUMMARY_LABELS, PickupPointPicker, PickupPointSummary } from ".."
import type { PickupPoint } from "../../storefront"
import { PICKUP_POINT_ERRORS } from "../../storefront/error-codes"
import { shopperError } from "../../storefront/errors"
import { SHIPMENT_STAGE_TEXT } from "../../storefront/shipment-progress"
import {
  DEFAULT_PICKER_LABELS,
  currentPosition,
  geolocationMessage,
  countryName,
  liveAnnouncement,
  searchNote,
  moveActiveIndex,
  nearestQuery,
  optionId,
  pickerErrorMessage,
  pointToLookUp,
  queryFromSearchText,
  resultsAnnouncement,
  SEARCH_TEXT_MAX_LENGTH,
  withChosenPoint,
} from "../picker-logic"
import { DEFAULT_REMEMBER_KEY, recallPointCode, rememberPointCode } from "../remembered-point"
import { summaryDetails } from "../summary-logic"

const POINTS: PickupPoint[] = [
  {
    code: "PP-MI-001",
    name: "Edicola Duomo",
    address: "Piazza del Duomo 1",
    postcode: "20122",
    city: "Milano",
    country_code: "it",
    opening_hours: { mon: ["09:00-19:00"] },
    requires_verification_code: false,
    distance_km: 0.42,
  },
  {
    code: "LK-MI-100",
    name: "Locker Centrale",
    address: "Piazza Duca d'Aosta 1",
    postcode: "20124",
    city: "Milano",
    country_code: "it",
    opening_hours: null,
    requires_verification_code: true,
    distance_km: 2.5,
  },
]

const api = {
  search: async () => ({ pickup_points: POINTS, count: POINTS.length, limit: 10, offset: 0 }),
  retrieve: async () => null,
}

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

describe("what the search box means", () => {
  it("searches digits by postcode and anything else by text", () => {
    expect(queryFromSearchText(" 20121 ", { country_code: "it", limit: 10 })).toEqual({ country_code: "it", limit: 10, postcode: "20121" })
    expect(queryFromSearchText("201 21")).toEqual({ postcode: "20121" })
    expect(queryFromSearchText("sw1a 1aa")).toEqual({ postcode: "SW1A 1AA" })
    expect(queryFromSearchText("Milano")).toEqual({ q: "Milano" })
    expect(queryFromSearchText("  Via   Dante 5 ")).toEqual({ q: "Via Dante 5" })
    expect(queryFromSearchText("   ")).toBeNull()
  })

  it("sends the shopper's position rounded to about a hundred metres", () => {
    expect(nearestQuery({ latitude: 45.464213, longitude: 9.189982 }, { limit: 5 })).toEqual({ limit: 5, latitude: 45.464, longitude: 9.19 })
  })
})

describe("coming back to the step", () => {
  it("looks the chosen point up unless the store's own list holds it", () => {
    expect(pointToLookUp("PP-MI-001")).toBe("PP-MI-001")
    expect(pointToLookUp("PP-MI-001", POINTS)).toBeNull()
    expect(pointToLookUp("PP-RM-009", POINTS)).toBe("PP-RM-009")
    expect(pointToLookUp(null, POINTS)).toBeNull()
  })

  it("keeps the chosen point first when the search did not find it, and once only", () => {
    const [duomo, locker] = POINTS
    expect(withChosenPoint([locker], duomo).map((p) => p.code)).toEqual(["PP-MI-001", "LK-MI-100"])
    expect(withChosenPoint([duomo, locker], locker)).toEqual([duomo, locker])
    expect(withChosenPoint([locker], null)).toEqual([locker])
    // Not into a search for another country, where it could not be ordered to.
    expect(withChosenPoint([locker], duomo, "fr")).toEqual([locker])
    expect(withChosenPoint([locker], duomo, "IT")).toEqual([duomo, locker])
  })

  it("cuts a pasted search text to what the store API takes instead of getting it refused", () => {
    expect(queryFromSearchText("x".repeat(150))?.q).toHaveLength(SEARCH_TEXT_MAX_LENGTH)
    // Cut where it ends in a space, the text stays trimmed.
    expect(queryFromSearchText(`${"a".repeat(99)} b`)?.q).toBe("a".repeat(99))
  })
})

describe("keyboard movement in the list", () => {
  it("moves with arrows, Home and End, without wrapping", () => {
    expect(moveActiveIndex("ArrowDown", -1, 3)).toBe(0)
    expect(moveActiveIndex("ArrowDown", 2, 3)).toBe(2)
    expect(moveActiveIndex("ArrowUp", 2, 3)).toBe(1)
    expect(moveActiveIndex("ArrowUp", 0, 3)).toBe(0)
    expect(moveActiveIndex("ArrowUp", -1, 3)).toBe(0)
    expect(moveActiveIndex("Home", 2, 3)).toBe(0)
    expect(moveActiveIndex("End", 0, 3)).toBe(2)
    expect(moveActiveIndex("x", 1, 3)).toBe(1)
    expect(moveActiveIndex("ArrowDown", 5, 3)).toBe(2)
    expect(moveActiveIndex("ArrowDown", 0, 0)).toBe(-1)
  })

  it("gives each option an id that is valid whatever the code", () => {
    expect(optionId("pp1", "PP MI/1")).toBe("pp1-option-PP_MI_1")
  })
})

describe("what the live region and errors say", () => {
  it("announces how many points were found", () => {
    expect(resultsAnnouncement(0, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.noResults)
    expect(resultsAnnouncement(1, DEFAULT_PICKER_LABELS)).toBe("1 pickup point found.")
    expect(resultsAnnouncement(7, DEFAULT_PICKER_LABELS)).toBe("7 pickup points found.")
    // A page of a larger result says so, with "at least" past the count's cap.
    expect(resultsAnnouncement(57, DEFAULT_PICKER_LABELS, { shown: 10 })).toBe(
      "Showing 10 of 57 pickup points found. Search by postcode or address to narrow them down."
    )
    expect(resultsAnnouncement(1000, DEFAULT_PICKER_LABELS, { shown: 10, estimate: true })).toContain("Showing 10 of 1000+ pickup points")
    expect(resultsAnnouncement(7, DEFAULT_PICKER_LABELS, { shown: 7 })).toBe("7 pickup points found.")
  })

  it("says what the shopper just did before the search's state, and the choice once made", () => {
    const done = { kind: "done", count: 7 }
    expect(liveAnnouncement({ choosing: true, locating: false, search: done }, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.choosing)
    expect(liveAnnouncement({ choosing: false, locating: true, search: done }, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.locating)
    expect(liveAnnouncement({ choosing: false, locating: false, search: done, justChosen: "Edicola Duomo" }, DEFAULT_PICKER_LABELS)).toBe(
      "Edicola Duomo chosen as your pickup point."
    )
    expect(liveAnnouncement({ choosing: false, locating: false, search: done }, DEFAULT_PICKER_LABELS)).toBe("7 pickup points found.")
    // The chosen point listed first besides the search's points: the count is not left to disagree with the list.
    expect(liveAnnouncement({ choosing: false, locating: false, search: done, listedFirst: "chosen" }, DEFAULT_PICKER_LABELS)).toBe(
      "7 pickup points found. Your chosen pickup point is listed first."
    )
    expect(liveAnnouncement({ choosing: false, locating: false, search: done, listedFirst: "last" }, DEFAULT_PICKER_LABELS)).toBe(
      "7 pickup points found. Your last pickup point is listed first."
    )
    expect(liveAnnouncement({ choosing: false, locating: false, search: { kind: "searching" }, justChosen: "Edicola Duomo" }, DEFAULT_PICKER_LABELS)).toBe(
      DEFAULT_PICKER_LABELS.searching
    )
  })

  it("words a note with the labels of the moment: a store that changes them is heard in its new words", () => {
    const nearby = { kind: "done", count: 2, shown: 2, note: { key: "nearbyPostcodes" as const, postcode: "20121", prefix: "2012" } }
    const state = { choosing: false, locating: false, search: nearby }
    expect(liveAnnouncement(state, DEFAULT_PICKER_LABELS)).toBe(
      "No pickup point at 20121. These are nearby, at postcodes beginning 2012. 2 pickup points found."
    )
    const italian = {
      ...DEFAULT_PICKER_LABELS,
      nearbyPostcodes: "Nessun punto al CAP {postcode}. Ecco quelli vicini, con CAP che inizia per {prefix}.",
      resultsMany: "{count} punti di ritiro trovati.",
      lastPoint: "Il tuo ultimo punto di ritiro.",
    }
    expect(liveAnnouncement(state, italian)).toBe("Nessun punto al CAP 20121. Ecco quelli vicini, con CAP che inizia per 2012. 2 punti di ritiro trovati.")
    const last = { choosing: false, locating: false, search: { kind: "done", count: 1, note: { key: "lastPoint" as const } } }
    expect(liveAnnouncement(last, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.lastPoint)
    expect(liveAnnouncement(last, italian)).toBe("Il tuo ultimo punto di ritiro.")
  })

  it("tells a shopper in a country without any pickup point so, in the picker's language, rather than to search again", () => {
    const none = { kind: "done", count: 0, shown: 0, note: { key: "noPointsInCountry" as const, countryCode: "fr" } }
    expect(liveAnnouncement({ choosing: false, locating: false, search: none }, DEFAULT_PICKER_LABELS)).toBe(
      "There are no pickup points in the country you ship to (France). Please choose another delivery method."
    )
    const italian = { ...DEFAULT_PICKER_LABELS, noPointsInCountry: "Non ci sono punti di ritiro nel Paese di spedizione ({country})." }
    expect(liveAnnouncement({ choosing: false, locating: false, search: none, locale: "it" }, italian)).toBe(
      "Non ci sono punti di ritiro nel Paese di spedizione (Francia)."
    )
    // From the store's answer: the points around the postcode first (they are the points listed); the country only
    // with a country searched.
    expect(searchNote({ no_points_in_country: true }, { country_code: "fr", postcode: "75001" })).toEqual({ key: "noPointsInCountry", countryCode: "fr" })
    expect(searchNote({ postcode_prefix: "2012" }, { country_code: "it", postcode: "20121" })).toEqual({ key: "nearbyPostcodes", postcode: "20121", prefix: "2012" })
    expect(searchNote({ no_points_in_country: true }, {})).toBeUndefined()
    expect(searchNote({}, { country_code: "it" })).toBeUndefined()
    // A code Intl cannot name is shown as it came, not dropped.
    expect(countryName("zz1", "en")).toBe("ZZ1")
    expect(countryName("de", "it")).toBe("Germania")
  })

  it("shows a refusal in the store's words for its code, else the message", () => {
    const labels = { errors: { pickup_point_unavailable: "Questo punto non è più disponibile.", other: "Qualcosa è andato storto." } }
    const unavailable = { code: "pickup_point_unavailable" as const, message: "This pickup point is no longer available. Please choose another one." }
    expect(pickerErrorMessage(unavailable, labels)).toBe("Questo punto non è più disponibile.")
    expect(pickerErrorMessage({ code: null, message: "Failed to fetch" }, labels)).toBe("Qualcosa è andato storto.")
    expect(pickerErrorMessage({ code: "too_many_requests", message: "Too many searches at once." }, labels)).toBe("Too many searches at once.")
    expect(pickerErrorMessage(unavailable, DEFAULT_PICKER_LABELS)).toBe(unavailable.message)
    // The storefront's own codes for a failure take `other` unless they have words of their own.
    expect(pickerErrorMessage(shopperError(new TypeError("Failed to fetch")), labels)).toBe("Qualcosa è andato storto.")
    expect(pickerErrorMessage({ code: "unexpected_error", message: "Something went wrong on our side." }, labels)).toBe("Qualcosa è andato storto.")
    expect(pickerErrorMessage({ code: "network_error", message: "We could not reach the store." }, { errors: { ...labels.errors, network_error: "Sei offline." } })).toBe("Sei offline.")
  })

  it("tells a refused location from a missing one", () => {
    expect(geolocationMessage({ code: 1 }, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.locationDenied)
    expect(geolocationMessage({ code: 3 }, DEFAULT_PICKER_LABELS)).toBe(DEFAULT_PICKER_LABELS.locationUnavailable)
  })

  it("reads the position once, and fails without geolocation", async () => {
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 45.1, longitude: 9.2 } } as GeolocationPosition),
    } as unknown as Geolocation
    await expect(currentPosition(geolocation)).resolves.toEqual({ latitude: 45.1, longitude: 9.2 })
    await expect(currentPosition(undefined)).rejects.toMatchObject({ code: 2 })
    const denied = { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) }
    await expect(currentPosition(denied as unknown as Geolocation)).rejects.toMatchObject({ code: 1 })
  })
})

describe("remembering the last point", () => {
  it("does nothing unless the store opts in", () => {
    rememberPointCode(undefined, "PP-MI-001")
    rememberPointCode(false, "PP-MI-001")
    expect(recallPointCode(undefined)).toBeNull()
    // No window in this test: opting in without a storage is a no-op, not a crash.
    rememberPointCode(true, "PP-MI-001")
    expect(recallPointCode(true)).toBeNull()
  })

  it("keeps only the code, under the chosen key, and forgets it", () => {
    const storage = memoryStorage()
    rememberPointCode({ storage }, "PP-MI-001")
    expect([...storage.data.entries()]).toEqual([[DEFAULT_REMEMBER_KEY, "PP-MI-001"]])
    expect(recallPointCode({ storage })).toBe("PP-MI-001")
    rememberPointCode({ storage, key: "shop:pp" }, "LK-MI-100")
    expect(recallPointCode({ storage, key: "shop:pp" })).toBe("LK-MI-100")
    rememberPointCode({ storage }, null)
    expect(recallPointCode({ storage })).toBeNull()
  })

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied")
      },
      setItem: () => {
        throw new Error("full")
      },
      removeItem: () => undefined,
    }
    expect(() => rememberPointCode({ storage: broken }, "PP-MI-001")).not.toThrow()
    expect(recallPointCode({ storage: broken })).toBeNull()
  })
})

describe("the picker's markup", () => {
  it("has a labelled search box, a live region, and a listbox of options with the chosen one selected", () => {
    const html = renderToStaticMarkup(
      createElement(PickupPointPicker, {
        api,
        onSelect: () => undefined,
        initialPoints: POINTS,
        selectedCode: "LK-MI-100",
        geolocation: null,
        classNames: { option: "opt", optionSelected: "opt--chosen", badge: "badge" },
      })
    )
    const inputId = html.match(/<input id="([^"]+)"/)?.[1]
    expect(inputId).toBeTruthy()
    expect(html).toContain(`<label id="${inputId!.replace("-input", "-label")}" for="${inputId}"`)
    expect(html).toContain('role="search"')
    expect(html).toMatch(/role="status" aria-live="polite">2 pickup points found\.</)
    expect(html).toMatch(/<ul[^>]+role="listbox" aria-label="Pickup points"[^>]*tabindex="0"/)
    expect(html.match(/role="option"/g)).toHaveLength(2)
    expect(html).toMatch(/role="option" aria-selected="false" class="opt"/)
    expect(html).toMatch(/role="option" aria-selected="true" class="opt opt--chosen"/)
    expect(html).toContain("420 m away")
    expect(html).toContain("2.5 km away")
    expect(html).toContain('<span class="badge">Code needed at pickup</span>')
    // The chosen point and why a code is needed, outside the listbox; no hours heading for a point without hours.
    expect(html).toContain("<div><p>Locker Centrale</p>")
    expect(html).not.toContain("Opening hours")
    expect(html).toContain(DEFAULT_PICKER_LABELS.codeRequiredHint)
    // No map and no location button unless the store provides them.
    expect(html).not.toContain("Use my location")
  })

  it("renders the store's map only through its render prop, and the location button when geolocation exists", () => {
    const geolocation = { getCurrentPosition: () => undefined } as unknown as Geolocation
    const html = renderToStaticMarkup(
      createElement(PickupPointPicker, {
        api,
        onSelect: () => undefined,
        initialPoints: POINTS,
        geolocation,
        renderMap: ({ points, selectedCode }) => createElement("div", { "data-map": points.length, "data-selected": String(selectedCode) }),
      })
    )
    expect(html).toContain('<div data-map="2" data-selected="null"></div>')
    // Never disabled: a disabled button would drop the keyboard focus while the location is read.
    expect(html).toMatch(/<button type="button" aria-disabled="false">Use my location<\/button>/)
    expect(html).toMatch(/<input [^>]*maxLength="100"/i)
  })

  it("shows which point is chosen before its details are read, and with them once a list holds it", () => {
    // Server-rendered, or offline: the look-up has not answered, the code is what the shopper can be shown.
    const before = renderToStaticMarkup(createElement(PickupPointPicker, { api, onSelect: () => undefined, selectedCode: "PP-RM-009", geolocation: null }))
    expect(before).toContain("<div><p>Your pickup point: PP-RM-009</p></div>")
    const listed = renderToStaticMarkup(
      createElement(PickupPointPicker, { api, onSelect: () => undefined, initialPoints: POINTS, selectedCode: "PP-MI-001", geolocation: null })
    )
    expect(listed).not.toContain("Your pickup point:")
    expect(listed).toContain("<div><p>Opening hours: Edicola Duomo</p>")
  })

  it("shows no list before the first search", () => {
    const html = renderToStaticMarkup(createElement(PickupPointPicker, { api, onSelect: () => undefined, geolocation: null }))
    expect(html).not.toContain('role="listbox"')
    expect(html).toContain('role="status"')
  })
})

describe("the summary", () => {
  const chosen = {
    code: "LK-MI-100",
    point: { ...POINTS[1], opening_hours: { mon: ["08:00-20:00"] } },
    shipping_method_id: "sm_1",
    shipping_method_name: "Pickup point",
  }

  it("shows where to collect, the hours, the code badge, the status and a safe tracking link", () => {
    const html = renderToStaticMarkup(
      createElement(PickupPointSummary, {
        point: chosen,
        locale: "en-US",
        shipment: { stage: "shipped", tracking_number: "TRK123", tracking_url: "https://track.example/TRK123" },
      })
    )
    expect(html).toMatch(/<section aria-labelledby="([^"]+)" data-pickup-point-summary="LK-MI-100"><h2 id="\1">Collect your order at<\/h2>/)
    expect(html).toContain("<p>Locker Centrale</p>")
    expect(html).toContain("<address><span>Piazza Duca d&#x27;Aosta 1<br/></span><span>20124 Milano<br/></span></address>")
    expect(html).toContain("<dt>Monday</dt><dd>08:00–20:00</dd>")
    expect(html).toContain("<dt>Sunday</dt><dd>Closed</dd>")
    expect(html).toContain("Code needed at pickup")
    expect(html).toContain("Status: On its way to the pickup point")
    expect(html).toContain('Tracking number: TRK123 <a href="https://track.example/TRK123" target="_blank" rel="noopener noreferrer">Track your parcel</a>')
  })

  it("never links a non-http tracking URL, and shows the code when there is no snapshot", () => {
    const html = renderToStaticMarkup(
      createElement(PickupPointSummary, {
        point: { ...chosen, point: null },
        shipment: { tracking_number: "TRK1", tracking_url: "javascript:alert(1)", ready_for_pickup: true },
      })
    )
    expect(html).toContain("Pickup point LK-MI-100")
    expect(html).toContain("Status: Ready for pickup")
    expect(html).not.toContain("<a ")
  })

  it("names the days in English unless told otherwise, the same on any server, and gives no hours heading without hours", () => {
    const withHours = renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen }))
    expect(withHours).toContain("<dt>Monday</dt>")
    expect(renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen, locale: "it" }))).toContain("<dt>lunedì</dt>")
    for (const opening_hours of [{}, null]) {
      const html = renderToStaticMarkup(createElement(PickupPointSummary, { point: { ...chosen, point: { ...chosen.point, opening_hours } } }))
      expect(html).toContain("Locker Centrale")
      expect(html).not.toContain("Opening hours")
    }
  })

  it("says the code has been sent once the parcel is ready, and where it was collected once it was", () => {
    const ready = renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen, shipment: { stage: "at_pickup_point", ready_for_pickup: true } }))
    expect(ready).toContain(">Collect your order at</h2>")
    expect(ready).toContain("Code needed at pickup</span> Your code has been sent by e-mail: show it when you collect the parcel.")
    const collected = renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen, shipment: { stage: "delivered" } }))
    expect(collected).toContain(">Collected at</h2>")
    expect(collected).toContain("Locker Centrale")
    expect(collected).not.toContain("Code needed at pickup")
    // Cancelled or returned: not to be collected, said by the heading and the status, with no code nor hours.
    for (const stage of ["cancelled", "returned"]) {
      const closed = renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen, shipment: { stage } }))
      expect(closed).toContain(stage === "cancelled" ? ">Not coming to this pickup point</h2>" : ">No longer at this pickup point</h2>")
      expect(closed).toContain(stage === "cancelled" ? "Shipment cancelled" : "Returned to the sender")
      expect(closed).not.toContain("Code needed at pickup")
      expect(closed).not.toContain("Opening hours")
    }
    // Collected: the point's hours no longer matter, and are not shown.
    expect(ready).toContain("<dt>Monday</dt>")
    expect(collected).not.toContain("Opening hours")
    // Before it is ready: the code is still to come.
    expect(renderToStaticMarkup(createElement(PickupPointSummary, { point: chosen, shipment: { stage: "shipped" } }))).toContain(
      "You will receive a code by e-mail"
    )
  })

  it("renders nothing without a point", () => {
    expect(renderToStaticMarkup(createElement(PickupPointSummary, { point: null }))).toBe("")
    expect(summaryDetails(POINTS[0])).toEqual({ code: "PP-MI-001", point: POINTS[0] })
  })
})

/** The `{name}` placeholders of a text, sorted: a translation must keep every one. */
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()

describe("the Italian labels", () => {
  it("word everything the English ones do, with the same placeholders", () => {
    const { errors, ...picker } = ITALIAN_PICKER_LABELS
    const { errors: _englishErrors, ...english } = DEFAULT_PICKER_LABELS
    expect(Object.keys(picker).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(english)) {
      expect([key, placeholders(picker[key as keyof typeof picker] as string)]).toEqual([key, placeholders(text)])
    }
    // Every refusal a shopper can meet, and `other` for a failure without words of its own.
    expect(Object.keys(errors ?? {}).sort()).toEqual([...Object.keys(PICKUP_POINT_ERRORS), "other"].sort())

    const { stages, ...summary } = ITALIAN_SUMMARY_LABELS
    const { stages: _englishStages, ...englishSummary } = DEFAULT_SUMMARY_LABELS
    expect(Object.keys(summary).sort()).toEqual(Object.keys(englishSummary).sort())
    for (const [key, text] of Object.entries(englishSummary)) {
      expect([key, placeholders(summary[key as keyof typeof summary] as string)]).toEqual([key, placeholders(text as string)])
    }
    expect(Object.keys(stages).sort()).toEqual(Object.keys(SHIPMENT_STAGE_TEXT).sort())
  })

  it("render the picker and the summary in Italian, weekdays included", () => {
    const picker = renderToStaticMarkup(
      createElement(PickupPointPicker, {
        api: { search: async () => ({ pickup_points: [], count: 0, limit: 10, offset: 0 }), retrieve: async () => null as never },
        onSelect: () => undefined,
        labels: ITALIAN_PICKER_LABELS,
        locale: "it",
      })
    )
    expect(picker).toContain("Cerca un punto di ritiro per CAP, città o indirizzo")
    expect(picker).toContain(`placeholder="es. 20121 o Milano"`)

    const point = { ...POINTS[0], requires_verification_code: true }
    const summary = renderToStaticMarkup(
      createElement(PickupPointSummary, { point, shipment: { stage: "shipped" }, labels: ITALIAN_SUMMARY_LABELS, locale: "it" })
    )
    expect(summary).toContain("Ritira il tuo ordine presso")
    expect(summary).toContain("Stato: In viaggio verso il punto di ritiro")
    expect(summary).toContain("Codice richiesto al ritiro")
    expect(summary).toMatch(/lunedì/i)
  })
})
