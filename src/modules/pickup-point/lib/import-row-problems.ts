/**
 * Why a CSV row was refused, as data the admin says in its own language (the
 * row's `reason` says the same in English, for the API and the logs). One
 * problem per field at fault; `field` is the column's name.
 */
export type ImportRowProblem =
  | { field: string; kind: "required" | "country" | "latitude" | "longitude" | "coordinates" | "opening_hours" | "not_text" | "not_boolean" | "invalid" }
  | { field: string; kind: "too_long"; max: number }
  | { field: "code"; kind: "repeats"; line: number }
  | { field: null; kind: "shifted"; cells: number; columns: number }
  | { field: null; kind: "database" }

/** What the import reads of a zod issue (v4): enough to name the problem, never the value. */
type Issue = { code: string; path: PropertyKey[]; expected?: string; origin?: string; minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> }

/**
 * The problem a schema issue names, by its field and code (`row` is what
 * was read of the row: a field it lacks is a required one); `invalid` when
 * it is none the admin has words for.
 */
export function problemOfIssue(issue: Issue, row: Record<string, unknown>): ImportRowProblem {
  const field = String(issue.path[0] ?? "")
  if ((issue.code === "invalid_type" && !(field in row)) || (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1)) {
    return { field, kind: "required" }
  }
  // The hours' own checks (a range that closes before it opens) are custom too, and say what the hours must be.
  if (field === "opening_hours") return { field, kind: "opening_hours" }
  if (issue.code === "custom") return { field, kind: issue.params?.problem === "coordinates" ? "coordinates" : "not_text" }
  if (field === "country_code") return { field, kind: "country" }
  if (field === "latitude" || field === "longitude") return { field, kind: field }
  if (issue.code === "too_big" && issue.origin === "string") return { field, kind: "too_long", max: Number(issue.maximum) }
  if (issue.code === "invalid_type" && issue.expected === "boolean") return { field, kind: "not_boolean" }
  return { field, kind: "invalid" }
}
