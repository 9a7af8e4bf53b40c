"use client"

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react"
import { shopperError, type ShopperError } from "../storefront/errors"
import { formatDistance, formatTodaysOpeningHours, pickupPointAddressLines, weeklyOpeningHours } from "../storefront/format"
import type { PickupPoint, PickupPointQuery } from "../storefront/pickup-point"
import { findPickupPoint, type PickupPointStoreApi } from "../storefront/store-api"
import { cx, type ClassNames } from "./class-names"
import { DEFAULT_LOCALE, OpeningHoursList } from "./OpeningHoursList"
import {
  DEFAULT_PICKER_LABELS,
  currentPosition,
  geolocationMessage,
  isInCountry,
  isListKey,
  moveActiveIndex,
  nearestQuery,
  optionId,
  liveAnnouncement,
  pickerErrorMessage,
  queryFromSearchText,
  searchNote,
  SEARCH_TEXT_MAX_LENGTH,
  pointToLookUp,
  withChosenPoint,
  type PickupPointPickerLabels,
  type SearchNote,
} from "./picker-logic"
import { recallPointCode, rememberPointCode, type RememberOption } from "./remembered-point"

export type PickupPointPickerSlot =
  | "root"
  | "form"
  | "label"
  | "searchRow"
  | "input"
  | "searchButton"
  | "locateButton"
  | "status"
  | "error"
  | "list"
  | "option"
  | "optionActive"
  | "optionSelected"
  | "name"
  | "address"
  | "distance"
  | "hours"
  | "badge"
  /** The "Chosen" mark; the `badge` class when not given. */
  | "chosenBadge"
  | "details"
  | "detailsHeading"
  | "hint"
  | "map"

/** What a store's map gets: the listed points, which one is active and chosen, and how to act on them. */
export type PickupPointMapProps = {
  points: PickupPoint[]
  activeCode: string | null
  selectedCode: string | null
  /** Highlight a point in the list (say, on marker hover). */
  onActivate: (code: string) => void
  /** Choose a point (say, on marker click): the same as choosing it in the list. */
  onSelect: (point: PickupPoint) => void
}

export type PickupPointPickerProps = {
  /** The store calls: `createPickupPointStoreApi(fetchStoreRequest(...))` or `createPickupPointStoreApi(sdkStoreRequest(sdk))`. */
  api: Pick<PickupPointStoreApi, "search" | "retrieve">
  /**
   * Called when the shopper chooses a point: add the shipping method here
   * (`api.choose`, or your server action). A throw is shown to the shopper
   * with its stable message, and the point is not marked chosen.
   */
  onSelect: (point: PickupPoint) => void | Promise<void>
  /** The point already chosen (from `readChosenPickupPoint(cart)?.code`). */
  selectedCode?: string | null
  countryCode?: string
  /** Points to list before any search, e.g. found on the server for the shipping address (server rendering shows them too). */
  initialPoints?: PickupPoint[]
  /** Text searched for at once, e.g. the shipping address's postcode. */
  initialQuery?: string
  /** Points per search (default 10, at most 100). */
  limit?: number
  /** Radius of "use my location", in km (default 25). */
  radiusKm?: number
  /** Remember the last chosen point's code in localStorage: off unless the store opts in (consent is the store's call). */
  remember?: RememberOption
  /** Weekday names and numbers (default "en", as the default labels: the server's and the browser's must agree). */
  locale?: string
  /** The points' IANA time zone, for "today" (default: the device's). */
  timeZone?: string
  labels?: Partial<PickupPointPickerLabels>
  className?: string
  classNames?: ClassNames<PickupPointPickerSlot>
  /** A map beside the list, only if the store renders one: nothing is loaded from third parties by default. */
  renderMap?: (map: PickupPointMapProps) => ReactNode
  /** The geolocation to use; null hides "Use my location" (default: `navigator.geolocation`). */
  geolocation?: Geolocation | null
  /** Milliseconds of typing pause before a search (default 350; 0 searches on Enter only). */
  debounceMs?: number
  onError?: (error: ShopperError) => void
}

type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "done"; count: number; shown?: number; estimate?: boolean; note?: SearchNote }
  | { kind: "failed" }

/**
 * A list-first pickup-point picker: one search box (postcode, city or text),
 * "use my location" for the nearest with distances, and a keyboard-operable
 * listbox of points with today's hours and a badge when a code is needed at
 * pickup. Unstyled: every part has a class-name slot.
 */
export function PickupPointPicker(props: PickupPointPickerProps) {
  const {
    api,
    onSelect,
    countryCode,
    initialQuery = "",
    limit = 10,
    radiusKm,
    remember,
    locale = DEFAULT_LOCALE,
    timeZone,
    renderMap,
    debounceMs = 350,
    onError,
  } = props
  const labels = useMemo(() => ({ ...DEFAULT_PICKER_LABELS, ...props.labels }), [props.labels])
  const classNames = props.classNames ?? {}
  const pickerId = `pp${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement | null>(null)
  // A search that finds nothing takes the list away: the keyboard focus it held goes back to the
  // search box rather than to the page's start. React detaches the ref before it removes the list.
  const attachList = useCallback((list: HTMLUListElement | null) => {
    if (!list && listRef.current && listRef.current === listRef.current.ownerDocument.activeElement) inputRef.current?.focus()
    listRef.current = list
  }, [])

  const [text, setText] = useState(initialQuery)
  const [points, setPoints] = useState<PickupPoint[]>(props.initialPoints ?? [])
  const [search, setSearch] = useState<SearchState>(props.initialPoints ? { kind: "done", count: props.initialPoints.length } : { kind: "idle" })
  const [activeIndex, setActiveIndex] = useState(-1)
  const [chosenCode, setChosenCode] = useState<string | null>(null)
  const [choosing, setChoosing] = useState<string | null>(null)
  // What went wrong, worded at render: labels the store changes later word it again.
  const [error, setError] = useState<{ refusal: ShopperError } | { location: { code?: number } } | null>(null)
  const [locating, setLocating] = useState(false)
  const [justChosen, setJustChosen] = useState<string | null>(null)
  // The chosen point itself, shown below the list even when a later search no longer lists it.
  const [chosenPoint, setChosenPoint] = useState<PickupPoint | null>(null)
  // The chosen point its look-up found unusable, and why: not shown as chosen nor as where to collect, and
  // said for as long as it is the chosen one (a later search does not take the refusal away).
  const [unavailable, setUnavailable] = useState<{ code: string; refusal: ShopperError } | null>(null)
  const unavailableCode = unavailable?.code ?? null
  const selectedCode = props.selectedCode !== undefined ? props.selectedCode : chosenCode
  // Choices the shopper made: a look-up of an earlier chosen point that answers after one is dropped.
  const choices = useRef(0)
  // The device's geolocation is read after mounting: the server has none, and the first render in the
  // browser must match the server's HTML (a "Use my location" only in the browser's breaks hydration).
  const [deviceGeolocation, setDeviceGeolocation] = useState<Geolocation | undefined>(undefined)
  useEffect(() => {
    if (typeof navigator !== "undefined" && navigator.geolocation) setDeviceGeolocation(navigator.geolocation)
  }, [])
  const geolocation = props.geolocation === undefined ? deviceGeolocation : props.geolocation

  const pending = useRef<AbortController | null>(null)
  /** Searches started so far: a location that arrives after a later search is not searched. */
  const searches = useRef(0)
  /** The shopper's chosen point, kept first in the results until they search for something else. */
  const pinned = useRef<PickupPoint | null>(null)
  const lastQuery = useRef("")
  const base = useMemo(() => ({ country_code: countryCode, limit }), [countryCode, limit])

  const fail = useCallback(
    (cause: unknown) => {
      const shown = shopperError(cause)
      setError({ refusal: shown })
      onError?.(shown)
    },
    [onError]
  )

  const run = useCallback(
    async (query: PickupPointQuery) => {
      searches.current += 1
      pending.current?.abort()
      lastQuery.current = JSON.stringify(query)
      const controller = new AbortController()
      pending.current = controller
      setSearch({ kind: "searching" })
      setError(null)
      setJustChosen(null)
      try {
        const result = await api.search(query, { signal: controller.signal })
        if (controller.signal.aborted) return
        setPoints(withChosenPoint(result.pickup_points, pinned.current, query.country_code))
        setActiveIndex(-1)
        const page = { shown: result.pickup_points.length, estimate: !!result.count_is_estimate }
        // Nothing at the postcode typed (the points around it), or nowhere in the country: said so.
        setSearch({ kind: "done", count: result.count, ...page, note: searchNote(result, query) })
      } catch (cause) {
        if (controller.signal.aborted) return
        setSearch({ kind: "failed" })
        fail(cause)
      }
    },
    [api, fail]
  )

  // The latest `run`, for the typing effect: a parent's new `labels` or `onError` (written inline,
  // say) makes a new `run`, which must not search the typed text again.
  const runLatest = useRef(run)
  runLatest.current = run

  // Search as the shopper types, after a pause; Enter searches at once.
  useEffect(() => {
    if (!debounceMs) return
    const query = text.trim().length >= 2 ? queryFromSearchText(text, base) : null
    if (!query || JSON.stringify(query) === lastQuery.current) return
    // Enter may have searched for the same text meanwhile: it is not searched twice.
    const timer = setTimeout(() => JSON.stringify(query) !== lastQuery.current && void runLatest.current(query), debounceMs)
    return () => clearTimeout(timer)
  }, [text, base, debounceMs])

  /** The chosen point now, written at each render: a look-up answering later than a change of it is not shown. */
  const selectedNow = useRef(selectedCode)
  selectedNow.current = selectedCode

  /**
   * Looks up the chosen point (or, when the store allows it, the last one) and shows it, first in the
   * results when no search of the shopper's has been made since `searchesBefore`. Returns the abort.
   */
  /** The chosen point found unusable: said now, and kept said while it is the chosen one. */
  const refuseChosen = (code: string, reason: "pickup_point_unavailable" | "pickup_point_wrong_country") => {
    setUnavailable({ code, refusal: shopperError({ code: reason }) })
    fail({ code: reason })
  }

  const lookUpPoint = (code: string, chosen: boolean, searchesBefore: number) => {
    const controller = new AbortController()
    const choicesBefore = choices.current
    // Asked of the store, not of the browser's cache (which may keep a point for a minute): a point deactivated
    // since it was chosen must be refused here, or the checkout's completion refuses it with nothing to choose.
    findPickupPoint(api, code, { signal: controller.signal, cache: "no-cache" })
      .then((point) => {
        if (controller.signal.aborted) return
        // Answered after the shopper chose a point (a slow network), or after the store passed another chosen
        // point: that choice stands, and this one is not theirs any more.
        if (chosen && (choices.current !== choicesBefore || code !== selectedNow.current)) return
        // The point on the cart can no longer be used (deactivated since, or in another country than the
        // address): the shopper is told, not shown an empty picker, and the store's onError can hold checkout.
        if (!point) {
          if (chosen) refuseChosen(code, "pickup_point_unavailable")
          else rememberPointCode(remember, null)
          return
        }
        // A point remembered from an order to another country is not offered here.
        if (!isInCountry(point, countryCode)) {
          if (chosen) refuseChosen(code, "pickup_point_wrong_country")
          return
        }
        if (chosen) setChosenPoint(point)
        // The last point is offered only while none is chosen.
        else if (selectedNow.current) return
        // Answered after the shopper searched for something else (a slow network): not put back first in their results.
        if (searches.current !== searchesBefore) return
        // The initial search may answer before or after this look-up.
        pinned.current = point
        setPoints((current) => withChosenPoint(current, point, countryCode))
        const note: SearchNote = { key: chosen ? "chosenPoint" : "lastPoint" }
        setSearch((current) => (current.kind === "idle" ? { kind: "done", count: 1, note } : current))
      })
      .catch(() => {
        // Only a convenience: the chosen point's code stays shown, and the shopper can still search.
      })
    return () => controller.abort()
  }

  // Show the chosen point or the last one, first in the initial search's results when there is one:
  // a shopper coming back to the step sees what they chose.
  useEffect(() => {
    const initial = !props.initialPoints && initialQuery.trim() ? queryFromSearchText(initialQuery, base) : null
    // At once, not after the typing pause: the look-up below must count it as started before it, or a look-up
    // slower than the pause would take it for the shopper's own search and drop the point. The typing effect
    // then finds it searched already.
    if (initial) void run(initial)
    const code = pointToLookUp(props.selectedCode || recallPointCode(remember), props.initialPoints)
    // Searches started by now (the initial one): a later one is the shopper's, whose results stand.
    return code ? lookUpPoint(code, !!props.selectedCode, searches.current) : undefined
  }, [])

  // A chosen point the store passes later (a cart read in the browser, another tab's choice): looked up
  // too, unless a list already holds it.
  const lookedUpCode = useRef(props.selectedCode)
  useEffect(() => {
    if (props.selectedCode === lookedUpCode.current) return
    lookedUpCode.current = props.selectedCode
    const code = pointToLookUp(props.selectedCode, chosenPoint ? [...points, chosenPoint] : points)
    return code ? lookUpPoint(code, true, searches.current) : undefined
  }, [props.selectedCode])

  // The chosen point's details once a list holds it, kept for when a later search no longer does.
  useEffect(() => {
    const listed = selectedCode ? points.find((point) => point.code === selectedCode) : undefined
    if (listed && listed !== chosenPoint) setChosenPoint(listed)
  }, [points, selectedCode])

  useEffect(() => () => pending.current?.abort(), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = queryFromSearchText(text, base)
    if (query) return void run(query)
    // Nothing to search for: a search still under way for earlier text is not shown after this.
    pending.current?.abort()
    lastQuery.current = ""
    // "Type a postcode…" answers the shopper's latest try: a location refused before it is not left above it.
    // Other refusals stay (the chosen point's, a failed search's): they still stand.
    setError((current) => (current && "location" in current ? null : current))
    setSearch((current) => ({ ...(current.kind === "done" ? current : { kind: "done", count: points.length }), note: { key: "typeToSearch" } }))
  }

  const locate = async () => {
    if (locating) return
    pinned.current = null
    setLocating(true)
    setError(null)
    const before = searches.current
    try {
      const position = await currentPosition(geolocation ?? undefined)
      // The shopper searched for something else while the location was read: that search stands.
      if (searches.current !== before) return
      // The results are around the shopper, not what the box says any more.
      setText("")
      await run({ ...nearestQuery(position, base), radius_km: radiusKm })
    } catch (cause) {
      // An earlier search's "nothing found" is not left above the location's refusal (a search made
      // meanwhile, or one that found points, keeps its line).
      if (searches.current === before) setSearch((current) => (current.kind === "done" && !current.count ? { kind: "idle" } : current))
      const location = cause as { code?: number }
      setError({ location })
      onError?.(shopperError(geolocationMessage(location, labels)))
    } finally {
      setLocating(false)
    }
  }

  const choose = async (point: PickupPoint) => {
    if (choosing) return
    setChoosing(point.code)
    setError(null)
    try {
      await onSelect(point)
      // Counted once the store took the choice: until then the cart still holds the earlier point.
      choices.current += 1
      // An earlier point's refusal that came in while this choice was saved is no longer the shopper's concern.
      setError(null)
      setUnavailable(null)
      setChosenCode(point.code)
      setChosenPoint(point)
      // The earlier point kept first (chosen before, or remembered) is not put first in later results.
      pinned.current = null
      setJustChosen(point.name)
      rememberPointCode(remember, point.code)
    } catch (cause) {
      fail(cause)
    } finally {
      setChoosing(null)
    }
  }

  const activate = (index: number) => {
    setActiveIndex(index)
    const id = points[index] ? optionId(pickerId, points[index].code) : null
    const element = id && typeof document !== "undefined" ? document.getElementById(id) : null
    element?.scrollIntoView?.({ block: "nearest" })
  }

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (isListKey(event.key)) {
      event.preventDefault()
      activate(moveActiveIndex(event.key, activeIndex, points.length))
    } else if ((event.key === "Enter" || event.key === " ") && points[activeIndex]) {
      event.preventDefault()
      void choose(points[activeIndex])
    }
  }

  /** The option the list starts from when it gets focus: the active one, else the chosen one, else the first. */
  const startIndex = () => {
    if (activeIndex >= 0) return activeIndex
    const chosen = points.findIndex((point) => point.code === selectedCode)
    return chosen >= 0 ? chosen : 0
  }

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && points.length) {
      event.preventDefault()
      listRef.current?.focus()
      activate(startIndex())
    }
  }

  const onListFocus = () => {
    if (activeIndex < 0 && points.length) setActiveIndex(startIndex())
  }

  // More points listed than the search gave: the chosen (or last) one, kept first (withChosenPoint), is said so.
  const extraFirst = search.kind === "done" && points.length > (search.shown ?? search.count) ? points[0] : undefined
  const listedFirst = extraFirst ? (extraFirst.code === selectedCode ? "chosen" : "last") : null
  const announcement = liveAnnouncement({ choosing: !!choosing, locating, search, justChosen, listedFirst, locale }, labels)
  const usableCode = selectedCode && selectedCode !== unavailableCode ? selectedCode : null
  const selectedPoint = usableCode ? (points.find((point) => point.code === usableCode) ?? (chosenPoint?.code === usableCode ? chosenPoint : null)) : null
  // The chosen point's refusal stands while it is chosen, whatever the shopper has searched since.
  const shownError = error ?? (unavailable && unavailable.code === selectedCode ? { refusal: unavailable.refusal } : null)
  const selectedHours = selectedPoint ? weeklyOpeningHours(selectedPoint.opening_hours) : []
  const selectedListed = !!selectedPoint && points.some((point) => point.code === selectedPoint.code)
  const ids = { label: `${pickerId}-label`, input: `${pickerId}-input`, list: `${pickerId}-list`, status: `${pickerId}-status` }

  return (
    <div className={cx(props.className, classNames.root)} data-pickup-point-picker="">
      <form className={classNames.form} role="search" onSubmit={submit} aria-labelledby={ids.label}>
        <label id={ids.label} htmlFor={ids.input} className={classNames.label}>
          {labels.searchLabel}
        </label>
        <div className={classNames.searchRow}>
          <input
            ref={inputRef}
            id={ids.input}
            className={classNames.input}
            type="search"
            value={text}
            placeholder={labels.searchPlaceholder}
            autoComplete="postal-code"
            maxLength={SEARCH_TEXT_MAX_LENGTH}
            aria-controls={points.length ? ids.list : undefined}
            aria-describedby={ids.status}
            onChange={(event) => {
              // A new search of the shopper's own: the chosen point is no longer kept first.
              pinned.current = null
              setText(event.target.value)
            }}
            onKeyDown={onInputKeyDown}
          />
          <button type="submit" className={classNames.searchButton}>
            {labels.searchButton}
          </button>
          {geolocation !== null && geolocation !== undefined && (
            // aria-disabled, not disabled: the button keeps the keyboard focus while the location is read.
            <button type="button" className={classNames.locateButton} onClick={() => void locate()} aria-disabled={locating}>
              {locating ? labels.locating : labels.useMyLocation}
            </button>
          )}
        </div>
      </form>

      <p id={ids.status} className={classNames.status} role="status" aria-live="polite">
        {announcement}
      </p>
      {shownError && (
        <p className={classNames.error} role="alert">
          {"location" in shownError ? geolocationMessage(shownError.location, labels) : pickerErrorMessage(shownError.refusal, labels)}
        </p>
      )}

      {renderMap && points.length > 0 && (
        <div className={classNames.map}>
          {renderMap({
            points,
            activeCode: points[activeIndex]?.code ?? null,
            selectedCode: selectedCode ?? null,
            onActivate: (code) => activate(points.findIndex((point) => point.code === code)),
            onSelect: (point) => void choose(point),
          })}
        </div>
      )}

      {points.length > 0 && (
        <ul
          ref={attachList}
          id={ids.list}
          className={classNames.list}
          role="listbox"
          aria-label={labels.listLabel}
          aria-activedescendant={points[activeIndex] ? optionId(pickerId, points[activeIndex].code) : undefined}
          aria-busy={choosing ? true : undefined}
          tabIndex={0}
          onKeyDown={onListKeyDown}
          onFocus={onListFocus}
        >
          {points.map((point, index) => {
            // A point listed before it became unusable (a cached search) is not badged as the shopper's.
            const selected = point.code === selectedCode && point.code !== unavailableCode
            const [street, town] = pickupPointAddressLines(point)
            const distance = formatDistance(point.distance_km, locale)
            const hours = formatTodaysOpeningHours(point, { timeZone, locale, labels })
            return (
              <li
                key={point.code}
                id={optionId(pickerId, point.code)}
                role="option"
                aria-selected={selected}
                className={cx(classNames.option, index === activeIndex && classNames.optionActive, selected && classNames.optionSelected)}
                data-active={index === activeIndex ? "" : undefined}
                onClick={() => {
                  setActiveIndex(index)
                  void choose(point)
                }}
              >
                {/* The parts are joined by ". ", so the option's accessible name reads as sentences, styled or not. */}
                {joinParts([
                  <span key="name" className={classNames.name}>
                    {point.name}
                  </span>,
                  <span key="address" className={classNames.address}>
                    {street}, {town}
                  </span>,
                  distance && (
                    <span key="distance" className={classNames.distance}>
                      {distance} {labels.away}
                    </span>
                  ),
                  hours && (
                    <span key="hours" className={classNames.hours}>
                      {hours}
                    </span>
                  ),
                  point.requires_verification_code && (
                    <span key="code" className={classNames.badge}>
                      {labels.codeRequired}
                    </span>
                  ),
                  selected && (
                    <span key="chosen" className={classNames.chosenBadge ?? classNames.badge}>
                      {labels.chosen}
                    </span>
                  ),
                ])}
              </li>
            )
          })}
        </ul>
      )}

      {selectedCode && !selectedPoint && selectedCode !== unavailableCode && (
        // Its details not read yet (or not readable now): the shopper still sees which point is chosen.
        <div className={classNames.details}>
          <p className={classNames.detailsHeading}>{labels.chosenCode.replace("{code}", selectedCode)}</p>
        </div>
      )}
      {selectedPoint && (
        <div className={classNames.details}>
          {/* A point can be kept in view without being listed (a later search): said to be still the one chosen, with its address. */}
          <p className={classNames.detailsHeading}>
            {!selectedListed
              ? labels.chosenName.replace("{name}", selectedPoint.name)
              : selectedHours.length
                ? `${labels.openingHours}: ${selectedPoint.name}`
                : selectedPoint.name}
          </p>
          {!selectedListed && <p className={classNames.address}>{pickupPointAddressLines(selectedPoint).join(", ")}</p>}
          <OpeningHoursList hours={selectedPoint.opening_hours} locale={locale} closedLabel={labels.closed} className={classNames.hours} />
          {selectedPoint.requires_verification_code && <p className={classNames.hint}>{labels.codeRequiredHint}</p>}
        </div>
      )}
    </div>
  )
}

/** The truthy parts with a visually hidden ". " between them (whitespace text is dropped by flex and grid layouts). */
function joinParts(parts: (ReactNode | false | null | undefined | "")[]): ReactNode[] {
  return parts
    .filter((part) => part !== false && part !== null && part !== undefined && part !== "")
    .flatMap((part, index) => (index === 0 ? [part] : [<span key={`sep-${index}`} style={VISUALLY_HIDDEN}>. </span>, part]))
}

/** Hidden from sight, read by screen readers: the picker ships no stylesheet, so this one rule is inline. */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const
