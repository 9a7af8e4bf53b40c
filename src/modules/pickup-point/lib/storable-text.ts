/**
 * Text PostgreSQL cannot store: a NUL byte (refused by `text` and `jsonb`)
 * or a lone UTF-16 surrogate (refused by `jsonb`, and not UTF-8 at all).
 * Every string the plugin accepts from outside is checked against this one
 * rule before anything is written, so bad bytes are a 400, never a failed
 * statement. No imports: shared by the module's schemas and the routes.
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Why a string was refused; never echoes the string. */
export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL bytes or unpaired UTF-16 surrogates"

/** A zod error message naming the refused field: "notes must not contain NUL bytes ...". */
export function unstorableTextError(issue: { path?: PropertyKey[] }): string {
  const field = (issue.path ?? []).map(String).join(".")
  return field ? `${field} ${UNSTORABLE_TEXT_MESSAGE}` : UNSTORABLE_TEXT_MESSAGE
}

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value)
}

/** Whether every string in a JSON-like value (keys included) can be stored. */
export function isStorableValue(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isStorableText(value)
  if (!value || typeof value !== "object") return true
  if (depth > 32) return false
  if (Array.isArray(value)) return value.every((item) => isStorableValue(item, depth + 1))
  return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableValue(item, depth + 1))
}
