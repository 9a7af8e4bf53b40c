import { isExists } from "date-fns"

/**
 * The date spellings the service documents or shows in samples, as year,
 * month and day groups. Matched rather than parsed by pattern: a sync reads
 * a date per shipment, and date-fns' `parse` tokenises its pattern each time.
 */
const SERVICE_DATE_SPELLINGS: { pattern: RegExp; year: number; month: number; day: number }[] = [
  { pattern: /^(\d{4})(\d{2})(\d{2})$/, year: 1, month: 2, day: 3 }, // yyyyMMdd
  { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, year: 3, month: 2, day: 1 }, // dd/MM/yyyy
  { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, year: 1, month: 2, day: 3 }, // yyyy-MM-dd
]

/**
 * Reads a date as the service writes it (`yyyyMMdd` or `dd/MM/yyyy`, the two
 * disagree between the spec's tables and samples) and returns it as ISO
 * `yyyy-MM-dd`, or null when it is none of them or no real calendar date.
 */
export function parseServiceDate(value: string | null | undefined): string | null {
  if (!value) {
    return null
  }
  const text = value.trim()
  for (const spelling of SERVICE_DATE_SPELLINGS) {
    const match = spelling.pattern.exec(text)
    if (!match) {
      continue
    }
    const [year, month, day] = [match[spelling.year], match[spelling.month], match[spelling.day]]
    return isExists(Number(year), Number(month) - 1, Number(day)) ? `${year}-${month}-${day}` : null
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
