import { instantIn } from "../modules/pickup-point/lib/zoned-time"

/**
 * The zone of the sandbox's carrier, an Italian one: the service writes and
 * reads dates and times as a wall clock with no zone, so it keeps its own
 * whatever the machine's (a store sets the plugin's `timeZone` to it, as the
 * demo and the tests do).
 */
export const CARRIER_TIME_ZONE = "Europe/Rome"

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: CARRIER_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
})

/** An instant as the carrier writes it: `dd/MM/yyyy` and `HH:mm` in its zone. */
export function carrierDateTime(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((part) => [part.type, part.value]))
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` }
}

/** The instant of a date (`dd/MM/yyyy`) and time (`HH:mm`, midnight when absent) the carrier's zone reads. */
export function carrierInstant(date: string, time?: string): Date {
  const [day, month, year] = date.split("/")
  return instantIn(`${year}-${month}-${day}`, time ?? "00:00", CARRIER_TIME_ZONE)!
}
