import type { ImportRowProblem } from "../../modules/pickup-point/lib/import-row-problems"

type Translate = (key: string, options?: Record<string, unknown>) => string

/** The problems the pickup-point form has words for already, under the same keys. */
const FORM_ERRORS: Partial<Record<ImportRowProblem["kind"], string>> = {
  required: "pickupPoint.form.errors.required",
  country: "pickupPoint.form.errors.country",
  latitude: "pickupPoint.form.errors.latitude",
  longitude: "pickupPoint.form.errors.longitude",
  opening_hours: "pickupPoint.form.errors.openingHours",
}

const IMPORT_PROBLEMS: Record<Exclude<ImportRowProblem["kind"], keyof typeof FORM_ERRORS>, string> = {
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
 * by its name (as the file spells it), then what is wrong with it. The
 * server's English reason when it sent no problems.
 */
export function rejectionText(row: { reason: string; problems?: ImportRowProblem[] }, t: Translate): string {
  if (!row.problems?.length) return row.reason
  return row.problems
    .map((problem) => {
      const { field, kind, ...params } = problem
      const text = t(FORM_ERRORS[kind] ?? IMPORT_PROBLEMS[kind as keyof typeof IMPORT_PROBLEMS], params)
      return field ? `${field}: ${text}` : text
    })
    .join(" ")
}
