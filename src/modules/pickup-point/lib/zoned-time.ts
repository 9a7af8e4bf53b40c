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
  // The zone's offset at that moment, read back through Intl.
  const parts = formatterFor(timeZone).formatToParts(new Date(asUtc))
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"))
  return new Date(asUtc - (shown - asUtc))
}
