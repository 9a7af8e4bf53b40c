import type { PickupPointErrorCode } from "../storefront/error-codes"
import type { ShopperError } from "../storefront/errors"
import type { PickupPointQuery } from "../storefront/pickup-point"

/**
 * What the picker's one search box means: digits (or a postcode-like token
 * such as `00184` or `SW1A 1AA`) search by postcode prefix, anything else by
 * free text, which matches a city, a name, a street or a code.
 */
/** The longest search text the store API takes (`q`, src/api/validators.ts): a longer paste is cut, not refused. */
export const SEARCH_TEXT_MAX_LENGTH = 100

export function queryFromSearchText(text: string, base: Pick<PickupPointQuery, "country_code" | "limit"> = {}): PickupPointQuery | null {
  const trimmed = text.trim().replace(/\s+/g, " ").slice(0, SEARCH_TEXT_MAX_LENGTH).trim()
  if (!trimmed) return null
  if (/^\d[\d ]{1,9}$/.test(trimmed) || /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(trimmed)) {
    return { ...base, postcode: trimmed.replace(/ /g, /^\d/.test(trimmed) ? "" : " ").toUpperCase() }
  }
  return { ...base, q: trimmed }
}

/** The search for "use my location": nearest first within `radiusKm`. */
export function nearestQuery(
  position: { latitude: number; longitude: number },
  base: Pick<PickupPointQuery, "country_code" | "limit"> & { radius_km?: number } = {}
): PickupPointQuery {
  return { ...base, latitude: round(position.latitude), longitude: round(position.longitude) }
}

/**
 * Three decimals (about 110 m): enough to rank points a few hundred metres apart, and no more of
 * the shopper's position than that leaves the page. It travels in the query string, which Medusa's
 * request log writes with the client's IP address.
 */
function round(degrees: number): number {
  return Math.round(degrees * 1_000) / 1_000
}

export type ListKey = "ArrowDown" | "ArrowUp" | "Home" | "End"

/** The option a key moves to in a list of `count` (no wrap-around, as in a native select); -1 when the list is empty. */
export function moveActiveIndex(key: string, index: number, count: number): number {
  if (count <= 0) return -1
  const current = Math.min(Math.max(index, -1), count - 1)
  switch (key) {
    case "ArrowDown":
      return Math.min(current + 1, count - 1)
    case "ArrowUp":
      return current <= 0 ? 0 : current - 1
    case "Home":
      return 0
    case "End":
      return count - 1
    default:
      return current
  }
}

/** Whether the listbox handles the key (so the page must not scroll). */
export function isListKey(key: string): key is ListKey {
  return key === "ArrowDown" || key === "ArrowUp" || key === "Home" || key === "End"
}

export type PickupPointPickerLabels = {
  searchLabel: string
  searchPlaceholder: string
  searchButton: string
  useMyLocation: string
  locating: string
  listLabel: string
  searching: string
  /** `{count}` is replaced by the number of points. */
  resultsOne: string
  resultsMany: string
  /** `{shown}` and `{count}`: more points matched than the list shows. */
  resultsPartial: string
  noResults: string
  /** `{postcode}` and `{prefix}`: nothing at the postcode searched; the points shown are at postcodes beginning with the prefix. */
  nearbyPostcodes: string
  /** `{country}`: nothing found, and the store has no pickup point in the shopper's country at all. */
  noPointsInCountry: string
  /** Said when the shopper searches with nothing typed. */
  typeToSearch: string
  lastPoint: string
  /** Added to a search's count when the shopper's chosen point, which the search did not find, is listed first too. */
  chosenListedFirst: string
  /** The same for the point the shopper chose last time (`remember`), not chosen yet. */
  lastListedFirst: string
  chosenPoint: string
  /** `{code}`: the chosen point while its details are not read (or cannot be, offline). */
  chosenCode: string
  /** `{name}`: the chosen point, shown below a list that does not hold it (a later search, say). */
  chosenName: string
  chosen: string
  codeRequired: string
  codeRequiredHint: string
  openingHours: string
  closed: string
  today: string
  closedToday: string
  /** `{day}` and `{time}`: when a point closed today opens next. */
  opensOn: string
  away: string
  locationDenied: string
  locationUnavailable: string
  choosing: string
  /** `{name}`: the point just chosen, announced to screen readers. */
  chosenAnnouncement: string
  /**
   * The store's own words for a refusal, by its stable code (`PICKUP_POINT_ERRORS`'s keys);
   * `other` for a failure the store had no words for: the network (`network_error`), a 5xx
   * (`unexpected_error`) or an error without a code, when those two are not given. Unset: the
   * English message.
   */
  errors?: Partial<Record<PickupPointErrorCode | "other", string>>
}

export const DEFAULT_PICKER_LABELS: PickupPointPickerLabels = {
  searchLabel: "Find a pickup point by postcode, city or address",
  searchPlaceholder: "e.g. 20121 or Milano",
  searchButton: "Search",
  useMyLocation: "Use my location",
  locating: "Finding your location…",
  listLabel: "Pickup points",
  searching: "Searching…",
  resultsOne: "1 pickup point found.",
  resultsMany: "{count} pickup points found.",
  resultsPartial: "Showing {shown} of {count} pickup points found. Search by postcode or address to narrow them down.",
  noResults: "No pickup point found. Try another postcode or city.",
  nearbyPostcodes: "No pickup point at {postcode}. These are nearby, at postcodes beginning {prefix}.",
  noPointsInCountry: "There are no pickup points in the country you ship to ({country}). Please choose another delivery method.",
  typeToSearch: "Type a postcode, a city or an address to search.",
  lastPoint: "Your last pickup point.",
  chosenListedFirst: "Your chosen pickup point is listed first.",
  lastListedFirst: "Your last pickup point is listed first.",
  chosenPoint: "Your chosen pickup point.",
  chosenCode: "Your pickup point: {code}",
  chosenName: "Your pickup point: {name}",
  chosen: "Chosen",
  codeRequired: "Code needed at pickup",
  codeRequiredHint: "You will receive a code by e-mail: show it when you collect the parcel.",
  openingHours: "Opening hours",
  closed: "Closed",
  today: "Today",
  closedToday: "Closed today",
  opensOn: "opens {day} at {time}",
  away: "away",
  locationDenied: "Your browser did not share your location. Search by postcode or city instead.",
  locationUnavailable: "Your location is not available. Search by postcode or city instead.",
  choosing: "Saving your pickup point…",
  chosenAnnouncement: "{name} chosen as your pickup point.",
  errors: {},
}

/** Codes of failures rather than refusals: the store's `other` words stand in for them. */
const FAILURE_CODES: readonly (PickupPointErrorCode | null)[] = ["network_error", "unexpected_error", null]

/** What the picker shows for a refusal: the store's words for its code when given, else the message. */
export function pickerErrorMessage(error: ShopperError, labels: Pick<PickupPointPickerLabels, "errors">): string {
  const own = error.code ? labels.errors?.[error.code] : undefined
  return own ?? (FAILURE_CODES.includes(error.code) ? labels.errors?.other : undefined) ?? error.message
}

/**
 * What the status says instead of the count alone, kept as what it means rather than as text: labels
 * the store changes later (another language) word it again.
 */
export type SearchNote =
  | { key: "chosenPoint" | "lastPoint" | "typeToSearch" }
  /** Nothing at the postcode typed: the points at the postcodes beginning `prefix`. */
  | { key: "nearbyPostcodes"; postcode: string; prefix: string }
  /** Nothing found, and no point at all in the country searched: searching again will not help. */
  | { key: "noPointsInCountry"; countryCode: string }

/**
 * What a search's answer has to say besides its points: nothing at the postcode typed (the points
 * around it), or no point at all in the country searched; none otherwise.
 */
export function searchNote(
  result: { postcode_prefix?: string; no_points_in_country?: boolean },
  query: Pick<PickupPointQuery, "postcode" | "country_code">
): SearchNote | undefined {
  if (result.postcode_prefix && query.postcode) return { key: "nearbyPostcodes", postcode: query.postcode, prefix: result.postcode_prefix }
  if (result.no_points_in_country && query.country_code) return { key: "noPointsInCountry", countryCode: query.country_code }
  return undefined
}

/**
 * What the live region says now: what the shopper just did comes first
 * (saving a choice, finding their location), then the search's state, then
 * the choice just made.
 */
export function liveAnnouncement(
  state: {
    choosing: boolean
    locating: boolean
    search: { kind: string; count?: number; shown?: number; estimate?: boolean; note?: SearchNote }
    justChosen?: string | null
    /** The list holds the chosen point (or the last one) first, besides what the search found. */
    listedFirst?: "chosen" | "last" | null
    /** The language countries are named in (the picker's `locale`). */
    locale?: string
  },
  labels: Pick<
    PickupPointPickerLabels,
    | "choosing"
    | "locating"
    | "searching"
    | "resultsOne"
    | "resultsMany"
    | "resultsPartial"
    | "noResults"
    | "chosenAnnouncement"
    | "chosenPoint"
    | "lastPoint"
    | "typeToSearch"
    | "nearbyPostcodes"
    | "noPointsInCountry"
    | "chosenListedFirst"
    | "lastListedFirst"
  >
): string {
  if (state.choosing) return labels.choosing
  if (state.locating) return labels.locating
  if (state.search.kind === "searching") return labels.searching
  if (state.justChosen) return labels.chosenAnnouncement.replace("{name}", state.justChosen)
  if (state.search.kind !== "done") return ""
  const { note } = state.search
  const results = () =>
    resultsAnnouncement(state.search.count ?? 0, labels, state.search) +
    (state.listedFirst ? ` ${state.listedFirst === "chosen" ? labels.chosenListedFirst : labels.lastListedFirst}` : "")
  if (!note) return results()
  if (note.key === "nearbyPostcodes") return `${labels.nearbyPostcodes.replace("{postcode}", note.postcode).replace("{prefix}", note.prefix)} ${results()}`
  if (note.key === "noPointsInCountry") return labels.noPointsInCountry.replace("{country}", countryName(note.countryCode, state.locale))
  return labels[note.key]
}

/** A country's name in `locale` ("Francia" for `fr` in Italian), or its code where the runtime cannot name it. */
export function countryName(countryCode: string, locale = "en"): string {
  const code = countryCode.trim().toUpperCase()
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of(code) ?? code
  } catch {
    // Not a region code Intl accepts (or no Intl.DisplayNames): the code as the store sent it.
    return code
  }
}

/** Whether a point can be offered in a search of `countryCode` (any country when none is given). */
export function isInCountry(point: { country_code?: string | null }, countryCode?: string | null): boolean {
  return !countryCode || !point.country_code || point.country_code.toLowerCase() === countryCode.toLowerCase()
}

/**
 * The code of the point to look up when the picker opens: the chosen (or
 * remembered) one, unless the points the store listed already hold it.
 */
export function pointToLookUp(code: string | null | undefined, listed?: readonly { code: string }[]): string | null {
  if (!code || listed?.some((point) => point.code === code)) return null
  return code
}

/**
 * The results with the shopper's chosen point first when the search did not find it (coming back to
 * the step), unless the search is for another country: a point there could not be ordered to.
 */
export function withChosenPoint<T extends { code: string; country_code?: string | null }>(
  points: T[],
  chosen: T | null | undefined,
  countryCode?: string | null
): T[] {
  if (!chosen || points.some((point) => point.code === chosen.code)) return points
  if (!isInCountry(chosen, countryCode)) return points
  return [chosen, ...points]
}

/** What the live region announces after a search, so screen-reader users hear the outcome. */
export function resultsAnnouncement(
  count: number,
  labels: Pick<PickupPointPickerLabels, "resultsOne" | "resultsMany" | "resultsPartial" | "noResults">,
  page: { shown?: number; estimate?: boolean } = {}
): string {
  if (count <= 0) return labels.noResults
  // The list shows a page: say so, rather than a count the shopper cannot see.
  if (page.shown !== undefined && page.shown < count) {
    return labels.resultsPartial.replace("{shown}", String(page.shown)).replace("{count}", page.estimate ? `${count}+` : String(count))
  }
  return count === 1 ? labels.resultsOne : labels.resultsMany.replace("{count}", String(count))
}

/** The DOM id of a point's option (codes may hold characters ids must not). */
export function optionId(pickerId: string, code: string): string {
  return `${pickerId}-option-${code.replace(/[^A-Za-z0-9_-]/g, "_")}`
}

/** Why `getCurrentPosition` failed, for the shopper. */
export function geolocationMessage(error: { code?: number } | null | undefined, labels: Pick<PickupPointPickerLabels, "locationDenied" | "locationUnavailable">): string {
  // 1 is PERMISSION_DENIED in the Geolocation API.
  return error?.code === 1 ? labels.locationDenied : labels.locationUnavailable
}

/** The shopper's position once, as a promise; rejects with the API's error (or code 2 when the browser has no geolocation). */
export function currentPosition(
  geolocation: Geolocation | undefined,
  options: PositionOptions = { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 }
): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject({ code: 2, message: "geolocation is not available" })
      return
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(error),
      options
    )
  })
}
