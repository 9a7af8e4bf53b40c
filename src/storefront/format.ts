import { WEEKDAYS, type OpeningHours, type PickupPointDetails, type Weekday } from "./pickup-point"

/**
 * A formatter that a store's bad `locale` or `timeZone` (`"it_IT"`, a
 * misspelt zone) cannot turn into a blank checkout: Intl throws a RangeError
 * for them, so the device's zone, then its locale, are used instead (the
 * zone first: a weekday read in "en-US" must stay English).
 */
function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const { timeZone } = options
  for (const [l, zone] of [[locale, timeZone], [locale, undefined], [undefined, timeZone]] as const) {
    try {
      return new Intl.DateTimeFormat(l, { ...options, timeZone: zone })
    } catch (error) {
      if (!(error instanceof RangeError)) throw error
    }
  }
  // The device's locale and zone, which Intl always takes.
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: undefined })
}

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return new Intl.NumberFormat(undefined, options)
  }
}

/** The two lines of a point's address: street, then postcode and city. */
export function pickupPointAddressLines(point: Pick<PickupPointDetails, "address" | "postcode" | "city">): [string, string] {
  return [point.address.trim(), `${point.postcode ?? ""} ${point.city ?? ""}`.trim()]
}

/** The address on one line: `Via Dante 5, 20121 Milano`. */
export function formatPickupPointAddress(point: Pick<PickupPointDetails, "address" | "postcode" | "city">): string {
  return pickupPointAddressLines(point).filter(Boolean).join(", ")
}

/** The weekday of `date` where the point is (`timeZone`, an IANA name; the device's zone when left out). */
export function weekdayOf(date: Date, timeZone?: string): Weekday {
  const short = dateTimeFormat("en-US", { weekday: "short", timeZone }).format(date).toLowerCase()
  return (WEEKDAYS.find((day) => short.startsWith(day)) ?? "mon") as Weekday
}

/** A day's opening intervals, well-formed ones only (`HH:mm-HH:mm`), as `09:00–13:00`; empty when closed or unknown. */
export function openingIntervals(hours: OpeningHours | null | undefined, day: Weekday): string[] {
  const intervals = hours?.[day]
  if (!Array.isArray(intervals)) return []
  return intervals
    .filter((interval): interval is string => typeof interval === "string")
    .map((interval) => interval.trim().match(/^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => `${match[1]}–${match[2]}`)
}

export type OpeningHoursLabels = {
  today: string
  closedToday: string
  /** After `closedToday` when the point opens later in the week: `{day}` and `{time}` are replaced. */
  opensOn: string
}

const ENGLISH: OpeningHoursLabels = { today: "Today", closedToday: "Closed today", opensOn: "opens {day} at {time}" }

/**
 * Today's opening hours in words (`Today 09:00–13:00, 15:00–19:00`, or
 * `Closed today`), or null when the point's hours are unknown.
 */
export function formatTodaysOpeningHours(
  point: Pick<PickupPointDetails, "opening_hours">,
  options: { now?: Date; timeZone?: string; locale?: string; labels?: Partial<OpeningHoursLabels> } = {}
): string | null {
  const hours = point.opening_hours
  if (!hasOpeningDays(hours)) return null
  const labels = { ...ENGLISH, ...options.labels }
  const today = weekdayOf(options.now ?? new Date(), options.timeZone)
  const intervals = openingIntervals(hours, today)
  if (intervals.length) return `${labels.today} ${intervals.join(", ")}`
  const next = nextOpeningDay(hours, today)
  if (!next) return labels.closedToday
  const day = weeklyOpeningHours(hours, options.locale).find((row) => row.day === next.day)?.label ?? next.day
  return `${labels.closedToday}, ${labels.opensOn.replace("{day}", day).replace("{time}", next.from)}`
}

/** The first day after `today` (within a week) on which the point opens, with its first opening time. */
export function nextOpeningDay(hours: OpeningHours | null | undefined, today: Weekday): { day: Weekday; from: string } | null {
  const start = WEEKDAYS.indexOf(today)
  for (let offset = 1; offset <= 7; offset++) {
    const day = WEEKDAYS[(start + offset) % 7]
    const [first] = openingIntervals(hours, day)
    if (first) return { day, from: first.split("–")[0] }
  }
  return null
}

export type OpeningHoursRow = { day: Weekday; label: string; intervals: string[] }

/** Whether the hours name any weekday: with none (`{}`), the hours are unknown, not "closed every day". */
export function hasOpeningDays(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return !!hours && typeof hours === "object" && WEEKDAYS.some((day) => day in hours)
}

/** The week from Monday, each day with its name in `locale` and its intervals (empty: closed); none when no day is given (hours unknown). */
export function weeklyOpeningHours(hours: OpeningHours | null | undefined, locale?: string): OpeningHoursRow[] {
  if (!hasOpeningDays(hours)) return []
  const names = dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" })
  // 2024-01-01 was a Monday.
  return WEEKDAYS.map((day, index) => ({
    day,
    label: names.format(new Date(Date.UTC(2024, 0, 1 + index))),
    intervals: openingIntervals(hours, day),
  }))
}

/**
 * A distance for shoppers in their locale's digits and units: metres under 1 km (`350 m`), else
 * kilometres with one decimal (`2.4 km`, `2,4 km`).
 */
export function formatDistance(km: number | null | undefined, locale?: string): string | null {
  if (typeof km !== "number" || !Number.isFinite(km) || km < 0) return null
  // Rounded to 10 m first: 0.996 km is "1 km", not "1000 m".
  const metres = Math.round((km * 1000) / 10) * 10
  try {
    if (metres < 1000) return numberFormat(locale, { style: "unit", unit: "meter", unitDisplay: "short" }).format(metres)
    return numberFormat(locale, { style: "unit", unit: "kilometer", unitDisplay: "short", maximumFractionDigits: 1 }).format(km)
  } catch {
    // A browser without unit formatting (Safari before 14.1): the numbers in the locale, the units as symbols.
    return metres < 1000 ? `${numberFormat(locale, {}).format(metres)} m` : `${numberFormat(locale, { maximumFractionDigits: 1 }).format(km)} km`
  }
}
