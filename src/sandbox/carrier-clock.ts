/**
 * The service writes and reads dates and times as a wall clock with no zone
 * (`dd/MM/yyyy`, `HH:mm`): the sandbox keeps its carrier's zone whatever the
 * machine's, an Italian one unless told otherwise. A store reads them with
 * the plugin's `timeZone`, which must name the same zone.
 */
export const DEFAULT_CARRIER_TIME_ZONE = "Europe/Rome"

export type CarrierClock = {
  /** An instant as the carrier writes it, in its zone. */
  write(at: Date): { date: string; time: string }
  /** The instant of a date (`dd/MM/yyyy`) and time (`HH:mm`, midnight when absent) in its zone. */
  read(date: string, time?: string): Date
}

export function carrierClock(timeZone: string = DEFAULT_CARRIER_TIME_ZONE): CarrierClock {
  // Swedish dates read as ISO does ("2026-07-01 12:30"). Throws a RangeError for a zone Intl does not
  // know, at start-up rather than on the first report.
  const wallClock = new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" })
  const fields = (at: Date) => {
    const [year, month, day, hour, minute] = wallClock.format(at).split(/[- :]/).map(Number)
    return { year, month, day, hour, minute }
  }
  /** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
  const offsetAt = (instant: number) => {
    const f = fields(new Date(instant))
    return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) - Math.floor(instant / 60_000) * 60_000
  }
  const two = (n: number) => String(n).padStart(2, "0")
  return {
    write(at) {
      const f = fields(at)
      return { date: `${two(f.day)}/${two(f.month)}/${f.year}`, time: `${two(f.hour)}:${two(f.minute)}` }
    },
    read(date, time = "00:00") {
      const [day, month, year] = date.split("/").map(Number)
      const [hours, minutes] = time.split(":").map(Number)
      const wall = Date.UTC(year, month - 1, day, hours, minutes)
      // The offset near the instant, then at the instant it gives (they differ only across a change of offset).
      const guess = wall - offsetAt(wall)
      return new Date(wall - offsetAt(guess))
    },
  }
}
