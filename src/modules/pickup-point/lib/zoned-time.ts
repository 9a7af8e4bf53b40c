// Making a formatter is most of the cost (a sync reads thousands of times in one zone): one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000

/** The zone's offset from UTC at an instant (whole minutes), read back through Intl. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"))
  return shown - Math.floor(instant / MINUTE_MS) * MINUTE_MS
}

// Reports cluster in a few hours; Intl costs some 10 µs a read. The offset of an hour whose first and
// last minutes agree holds for the whole hour (a zone never changes twice in an hour); null: it changes.
const hourOffsets = new Map<string, number | null>()
const HOUR_OFFSETS_KEPT = 10_000

function offsetInHour(instant: number, timeZone: string): number {
  const hourStart = Math.floor(instant / HOUR_MS) * HOUR_MS
  const key = `${timeZone}|${hourStart}`
  let offset = hourOffsets.get(key)
  if (offset === undefined) {
    const first = offsetAt(hourStart, timeZone)
    offset = first === offsetAt(hourStart + HOUR_MS - MINUTE_MS, timeZone) ? first : null
    if (hourOffsets.size >= HOUR_OFFSETS_KEPT) hourOffsets.clear()
    hourOffsets.set(key, offset)
  }
  return offset ?? offsetAt(instant, timeZone)
}

/**
 * The instant of a wall-clock date and time in a time zone (the service
 * reports `dd/MM/yyyy` and `HH:mm` with no zone: the store's is assumed).
 */
export function instantIn(isoDate: string | null | undefined, time: string | null | undefined, timeZone: string): Date | null {
  if (!isoDate) {
    return null
  }
  const [year, month, day] = isoDate.split("-").map(Number)
  const [hours, minutes] = (time ?? "00:00").split(":").map(Number)
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes)
  // The zone's offset at the instant that reads like the wall clock in UTC.
  return new Date(asUtc - offsetInHour(asUtc, timeZone))
}
