import { MAX_RANGES_A_DAY, opensBeforeItCloses } from "../../modules/pickup-point/lib/opening-hours"
import { WEEKDAYS, type Weekday } from "../../storefront/pickup-point"
import type { PickupPoint } from "./types"

/** The form's fields, as text while they are edited. */
export type PickupPointFormValues = {
  code: string
  name: string
  address: string
  postcode: string
  city: string
  province: string
  country_code: string
  public_code: string
  latitude: string
  longitude: string
  network_code: string
  network_name: string
  /** Each day's ranges as typed ("09:00-13:00, 15:00-19:00"); an empty day is closed. */
  opening_hours: Record<Weekday, string>
  requires_verification_code: boolean
  is_active: boolean
}

export { WEEKDAYS, type Weekday }

/** A day's hours are a field of their own: `opening_hours.mon`. */
export type FieldErrors = Partial<Record<Exclude<keyof PickupPointFormValues, "opening_hours"> | `opening_hours.${Weekday}`, string>>

const REQUIRED = ["code", "name", "address", "postcode", "city", "country_code"] as const
/** The longest a day's line takes: its most ranges written out, "09:00 - 13:00, " each. */
export const DAY_HOURS_MAX_LENGTH = MAX_RANGES_A_DAY * 15
/** One range as people write it: "9-13", "9:00-13:00", "09.00 – 13.30". */
const TYPED_RANGE = /^(\d{1,2})(?:[:.](\d{2}))?\s*[-–—]\s*(\d{1,2})(?:[:.](\d{2}))?$/
/** A day written as closed, in the admin's languages (the field's placeholder says it). */
const CLOSED = /^(closed|chiuso)$/i

/**
 * A day's ranges as the API takes them ("HH:mm-HH:mm"), from what was typed:
 * separated by commas or semicolons, hours with one digit or two, minutes
 * after a dot or a colon or none. Null when a range is not a time range,
 * closes before it opens, or there are more than the API takes; an empty day,
 * or one written "closed", has none.
 */
export function parseDayHours(text: string): string[] | null {
  if (CLOSED.test(text.trim())) return []
  const ranges: string[] = []
  for (const typed of text.split(/[,;]/).map((range) => range.trim()).filter(Boolean)) {
    const [, fromHour, fromMinute = "00", toHour, toMinute = "00"] = TYPED_RANGE.exec(typed) ?? []
    if (!fromHour || Number(fromHour) > 23 || Number(toHour) > 23 || Number(fromMinute) > 59 || Number(toMinute) > 59) return null
    const from = `${fromHour.padStart(2, "0")}:${fromMinute}`
    const to = `${toHour.padStart(2, "0")}:${toMinute}`
    if (!opensBeforeItCloses(from, to)) return null
    ranges.push(`${from}-${to}`)
  }
  return ranges.length <= MAX_RANGES_A_DAY ? ranges : null
}

/** The week's hours for the API: null when no day has any (the hours are not known), else the days that open. */
function openingHoursOf(days: Record<Weekday, string>): Partial<Record<Weekday, string[]>> | null {
  const open = WEEKDAYS.flatMap((day) => {
    const ranges = parseDayHours(days[day])
    return ranges?.length ? [[day, ranges] as const] : []
  })
  return open.length ? Object.fromEntries(open) : null
}

/** The API's longest text per field (lib/pickup-point-schema.ts): the inputs take no more. */
export const MAX_LENGTHS: Partial<Record<keyof PickupPointFormValues, number>> = {
  code: 64,
  public_code: 64,
  name: 200,
  address: 300,
  city: 100,
  postcode: 20,
  province: 100,
  country_code: 2,
  network_code: 64,
  network_name: 200,
}

export function formValuesOf(point?: PickupPoint): PickupPointFormValues {
  return {
    code: point?.code ?? "",
    name: point?.name ?? "",
    address: point?.address ?? "",
    postcode: point?.postcode ?? "",
    city: point?.city ?? "",
    province: point?.province ?? "",
    country_code: point?.country_code?.toUpperCase() ?? "IT",
    public_code: point?.public_code ?? "",
    latitude: point?.latitude?.toString() ?? "",
    longitude: point?.longitude?.toString() ?? "",
    network_code: point?.network_code ?? "",
    network_name: point?.network_name ?? "",
    opening_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, point?.opening_hours?.[day]?.join(", ") ?? ""])) as Record<Weekday, string>,
    requires_verification_code: point?.requires_verification_code ?? false,
    is_active: point?.is_active ?? true,
  }
}

/** A coordinate as typed, with a decimal point or comma (as the CSV import and prices take it); NaN if it is not one. */
export function parseCoordinate(text: string): number {
  const value = text.trim().replace(",", ".")
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : Number.NaN
}

/**
 * The same rules as the API's (so that most mistakes are named before a
 * call); each error is a translation key. The API's answer is still what
 * counts: its field errors are shown the same way.
 */
export function validatePickupPoint(values: PickupPointFormValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of REQUIRED) {
    if (!values[field].trim()) errors[field] = "pickupPoint.form.errors.required"
  }
  if (values.country_code.trim() && values.country_code.trim().length !== 2) errors.country_code = "pickupPoint.form.errors.country"
  const latitude = values.latitude.trim()
  const lat = parseCoordinate(latitude)
  if (latitude && !(Number.isFinite(lat) && Math.abs(lat) <= 90)) errors.latitude = "pickupPoint.form.errors.latitude"
  const longitude = values.longitude.trim()
  const lng = parseCoordinate(longitude)
  if (longitude && !(Number.isFinite(lng) && Math.abs(lng) <= 180)) errors.longitude = "pickupPoint.form.errors.longitude"
  if ((latitude === "") !== (longitude === "")) errors[latitude ? "longitude" : "latitude"] = "pickupPoint.form.errors.coordinatesPair"
  for (const day of WEEKDAYS) {
    if (!parseDayHours(values.opening_hours[day])) errors[`opening_hours.${day}`] = "pickupPoint.form.errors.openingHours"
  }
  return errors
}

/** The API body: empty optional fields become null (cleared), numbers and hours are parsed. */
export function toRequestBody(values: PickupPointFormValues, creating: boolean): Record<string, unknown> {
  const optional = (value: string) => (value.trim() ? value.trim() : null)
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    address: values.address.trim(),
    postcode: values.postcode.trim(),
    city: values.city.trim(),
    country_code: values.country_code.trim(),
    province: optional(values.province),
    public_code: optional(values.public_code),
    latitude: values.latitude.trim() ? parseCoordinate(values.latitude) : null,
    longitude: values.longitude.trim() ? parseCoordinate(values.longitude) : null,
    network_code: optional(values.network_code),
    network_name: optional(values.network_name),
    opening_hours: openingHoursOf(values.opening_hours),
    requires_verification_code: values.requires_verification_code,
    is_active: values.is_active,
  }
  if (creating) body.code = values.code.trim()
  return body
}

/**
 * Field errors named in the API's refusal, the rest as a general message. Medusa names a field as
 * "Field 'x' is required" or "Value for field 'x' too big, ...", a nested one as 'opening_hours, mon';
 * several refusals are joined by "; ".
 */
export function fieldErrorsFromApi(message: string): { fields: Record<string, string>; general: string | null; codeTaken?: true } {
  // Said in the admin's language by the form (pickupPoint.form.errors.codeTaken).
  if (/pickup point with code .* exists already/i.test(message)) return { fields: { code: message }, general: null, codeTaken: true }
  const fields: Record<string, string> = {}
  const unplaced: string[] = []
  for (const refusal of message.replace(/^Invalid request:\s*/, "").split("; ")) {
    const [field, part] = /field '([^']+)'/i.exec(refusal)?.[1].split(/, |\./) ?? []
    // A day's hours have a field of their own in the form.
    if (field === "opening_hours" && (WEEKDAYS as readonly string[]).includes(part)) fields[`opening_hours.${part}`] = refusal.trim()
    // The form has no field for the hours as a whole: said with the others that name none.
    else if (field && field !== "opening_hours") fields[field] = refusal.trim()
    else if (field) unplaced.push(refusal.trim())
    else unplaced.push(refusal.trim())
  }
  // What names no field is said as a whole, so that no refusal goes unsaid.
  return { fields, general: !Object.keys(fields).length ? message : unplaced.length ? unplaced.join("; ") : null }
}
