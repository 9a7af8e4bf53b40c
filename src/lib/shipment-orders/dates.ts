import { format, isValid, parse } from "date-fns"

/** The date spellings the service documents or shows in samples. */
const SERVICE_DATE_FORMATS = ["yyyyMMdd", "dd/MM/yyyy", "yyyy-MM-dd"] as const

/**
 * Reads a date as the service writes it (`yyyyMMdd` or `dd/MM/yyyy`, the two
 * disagree between the spec's tables and samples) and returns it as ISO
 * `yyyy-MM-dd`, or null when it is none of them.
 */
export function parseServiceDate(value: string | null | undefined): string | null {
  if (!value) {
    return null
  }
  const text = value.trim()
  for (const pattern of SERVICE_DATE_FORMATS) {
    if (text.length !== pattern.length) {
      continue
    }
    const date = parse(text, pattern, new Date(2000, 0, 1))
    if (isValid(date) && format(date, pattern) === text) {
      return format(date, "yyyy-MM-dd")
    }
  }
  return null
}

/** `HH:mm` (the spec writes `hh:mm`), or null. */
export function parseServiceTime(value: string | null | undefined): string | null {
  const match = value ? /^(\d{1,2}):(\d{2})/.exec(value.trim()) : null
  if (!match) {
    return null
  }
  const [hours, minutes] = [Number(match[1]), Number(match[2])]
  return hours < 24 && minutes < 60
    ? `${String(hours).padStart(2, "0")}:${match[2]}`
    : null
}

/** True when `value` is a real calendar date written as `yyyyMMdd`. */
export function isCompactDate(value: string): boolean {
  return /^\d{8}$/.test(value) && parseServiceDate(value) !== null
}

/** True when `value` is a real calendar date written as `dd/MM/yyyy`. */
export function isSlashedDate(value: string): boolean {
  return /^\d{2}\/\d{2}\/\d{4}$/.test(value) && parseServiceDate(value) !== null
}
