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
  opening_hours: string
  requires_verification_code: boolean
  is_active: boolean
}

export type FieldErrors = Partial<Record<keyof PickupPointFormValues, string>>

const REQUIRED = ["code", "name", "address", "postcode", "city", "country_code"] as const
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
const RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/
/** The API's ranges a day (lib/pickup-point-schema.ts). */
const MAX_RANGES_A_DAY = 6

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
    opening_hours: point?.opening_hours ? JSON.stringify(point.opening_hours) : "",
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
  if (values.opening_hours.trim()) {
    try {
      const hours = JSON.parse(values.opening_hours) as Record<string, unknown>
      const valid =
        hours &&
        typeof hours === "object" &&
        !Array.isArray(hours) &&
        Object.entries(hours).every(([day, ranges]) => DAYS.includes(day) && Array.isArray(ranges) && ranges.length <= MAX_RANGES_A_DAY && ranges.every((r) => typeof r === "string" && RANGE.test(r)))
      if (!valid) errors.opening_hours = "pickupPoint.form.errors.openingHours"
    } catch {
      errors.opening_hours = "pickupPoint.form.errors.openingHours"
    }
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
    opening_hours: values.opening_hours.trim() ? JSON.parse(values.opening_hours) : null,
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
    const field = /field '([^']+)'/i.exec(refusal)?.[1].split(/, |\./)[0]
    if (field) fields[field] = refusal.trim()
    else unplaced.push(refusal.trim())
  }
  // What names no field is said as a whole, so that no refusal goes unsaid.
  return { fields, general: !Object.keys(fields).length ? message : unplaced.length ? unplaced.join("; ") : null }
}
