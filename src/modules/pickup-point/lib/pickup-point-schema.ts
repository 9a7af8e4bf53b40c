import { z } from "@medusajs/framework/zod"
import { MAX_RANGES_A_DAY, opensBeforeItCloses } from "./opening-hours"
import { isStorableText, unstorableTextError } from "./storable-text"

/** A string PostgreSQL can store, trimmed, at most `max` characters when given (bounded, so a row stays a row). */
export const storableString = (max?: number) => {
  const text = z.string().refine(isStorableText, { error: unstorableTextError }).trim()
  return max === undefined ? text : text.max(max)
}
const text = (max: number) => storableString(max).min(1)
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const

/** `{ "mon": ["09:00-13:00", "15:00-19:00"], ... }`; days left out are closed; a range opens before it closes. */
export const openingHoursSchema = z.partialRecord(
  z.enum(WEEKDAYS),
  z
    .array(
      storableString(11)
        // Aborts: a range that is not one is not also said to close before it opens.
        .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, { error: "must be HH:mm-HH:mm", abort: true })
        .refine((range) => opensBeforeItCloses(range.slice(0, 5), range.slice(6)), "must open before it closes (HH:mm-HH:mm; 00:00 closes at midnight)")
    )
    .max(MAX_RANGES_A_DAY)
)

/** A pickup point's fields, each checked alone (a partial update takes any of them). */
export const pickupPointFieldsSchema = z
  .object({
    code: text(64),
    public_code: text(64).nullish(),
    name: text(200),
    address: text(300),
    city: text(100),
    postcode: text(20),
    province: text(100).nullish(),
    country_code: storableString()
      .length(2, "must be an ISO 3166-1 alpha-2 code such as IT")
      .transform((code) => code.toLowerCase()),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
    opening_hours: openingHoursSchema.nullish(),
    network_code: text(64).nullish(),
    network_name: text(200).nullish(),
    requires_verification_code: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict()

/**
 * The field a point's coordinates lack when it has only one of them, else
 * null: a point on the map needs both (the nearest search reads both), and
 * one alone is a typo, not a place.
 */
export function missingCoordinate(point: { latitude?: number | null; longitude?: number | null }): "latitude" | "longitude" | null {
  const hasLatitude = point.latitude != null
  const hasLongitude = point.longitude != null
  if (hasLatitude === hasLongitude) return null
  return hasLatitude ? "longitude" : "latitude"
}

/** What to fix when a point has one coordinate only. */
export const coordinatesPairMessage = (missing: "latitude" | "longitude") =>
  `${missing} must be given with ${missing === "latitude" ? "longitude" : "latitude"}: give both coordinates or neither`

/** Refuses a point with one coordinate, at the missing one; `when`: even beside other fields' problems, so that a CSV row or a form lists them all at once. */
const pairedCoordinate = (missing: "latitude" | "longitude") => ({
  path: [missing],
  message: coordinatesPairMessage(missing),
  params: { problem: "coordinates" },
  // Run beside other fields' problems, but only on an object (a body that is not one is said by the object's own check).
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
})
const hasOther = (missing: "latitude" | "longitude") => (point: { latitude?: number | null; longitude?: number | null }) => missingCoordinate(point) !== missing

/** A pickup point as the admin API and the CSV import take it: its fields, and its coordinates both or neither. */
export const pickupPointInputSchema = pickupPointFieldsSchema
  .refine(hasOther("latitude"), pairedCoordinate("latitude"))
  .refine(hasOther("longitude"), pairedCoordinate("longitude"))

export type PickupPointInput = z.infer<typeof pickupPointInputSchema>

const TRUE = new Set(["true", "yes", "1", "y"])
const FALSE = new Set(["false", "no", "0", "n"])

/**
 * Reads one CSV record (all strings) into the input shape: empty cells are
 * left out, numbers and booleans are read, opening hours are JSON.
 */
export function csvRecordToInput(record: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [column, raw] of Object.entries(record)) {
    const key = column.trim().toLowerCase()
    const value = raw.trim()
    if (value === "") continue
    if (key === "latitude" || key === "longitude") {
      input[key] = Number(value.replace(",", "."))
    } else if (key === "requires_verification_code" || key === "is_active") {
      input[key] = TRUE.has(value.toLowerCase()) ? true : FALSE.has(value.toLowerCase()) ? false : value
    } else if (key === "opening_hours") {
      try {
        input[key] = JSON.parse(value)
      } catch {
        input[key] = value
      }
    } else {
      input[key] = value
    }
  }
  return input
}
