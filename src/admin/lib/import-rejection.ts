import type { ImportRowProblem } from "../../modules/pickup-point/lib/import-row-problems"

type Translate = (key: string, options?: Record<string, unknown>) => string

/** Each problem's words: the pickup-point form's own where it has them, the import's otherwise. */
const PROBLEM_KEYS: Record<ImportRowProblem["kind"], string> = {
  required: "pickupPoint.form.errors.required",
  country: "pickupPoint.form.errors.country",
  latitude: "pickupPoint.form.errors.latitude",
  longitude: "pickupPoint.form.errors.longitude",
  coordinates: "pickupPoint.form.errors.coordinatesPair",
  // The file's column is JSON, not the form's line a day.
  opening_hours: "pickupPoint.import.problems.openingHours",
  too_long: "pickupPoint.import.problems.tooLong",
  not_text: "pickupPoint.import.problems.notText",
  not_boolean: "pickupPoint.import.problems.notBoolean",
  invalid: "pickupPoint.import.problems.invalid",
  repeats: "pickupPoint.import.problems.repeats",
  shifted: "pickupPoint.import.problems.shifted",
  database: "pickupPoint.import.problems.database",
}

/**
 * Why a CSV row was refused, in the admin's language: each column at fault
 * by its name (lower-cased, as the import reads the header), then what is
 * wrong with it. The server's English reason when it sent no problems.
 */
export function rejectionText(row: { reason: string; problems?: ImportRowProblem[] }, t: Translate): string {
  if (!row.problems?.length) return row.reason
  return row.problems
    .map((problem) => {
      const { field, kind, ...params } = problem
      const text = t(PROBLEM_KEYS[kind], params)
      return field ? `${field}: ${text}` : text
    })
    .join(" ")
}
