import { parse as parseCsv } from "csv-parse/sync"
import type { ImportRowResult } from "../types"
import { csvRecordToInput, pickupPointInputSchema, type PickupPointInput } from "./pickup-point-schema"

/** A CSV file read row by row: the valid points with their line, and each rejected row with its reason. */
export type ReadPickupPointCsv = {
  valid: { line: number; input: PickupPointInput }[]
  rejected: Extract<ImportRowResult, { result: "rejected" }>[]
}

/**
 * Reads a CSV of pickup points (header row with the field names of
 * `POST /admin/pickup-points`). Each row stands alone: a bad row is reported
 * with its reason and never stops the others; a code repeated in the file
 * is rejected at its second line. Throws only when the file cannot be read.
 */
export function readPickupPointCsv(csv: string): ReadPickupPointCsv {
  const records: { record: Record<string, string>; info: { lines: number } }[] = parseCsv(csv, {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    info: true,
    relax_column_count: true,
  })
  const valid = new Map<string, { line: number; input: PickupPointInput }>()
  const rejected: ReadPickupPointCsv["rejected"] = []
  for (const { record, info } of records) {
    const parsed = pickupPointInputSchema.safeParse(csvRecordToInput(record))
    const code = record.code?.trim() || null
    // The parser turns an unpaired surrogate into U+FFFD; either is a cell that is not valid text.
    const garbled = Object.keys(record).find((column) => record[column]?.includes("\ufffd"))
    if (garbled !== undefined) {
      rejected.push({ line: info.lines, code: garbled === "code" ? null : code, result: "rejected", reason: `${garbled} is not valid text (an unpaired surrogate or U+FFFD): check that the file is UTF-8` })
    } else if (!parsed.success) {
      const named = (i: { path: PropertyKey[]; message: string }) => {
        const field = i.path.map(String).join(".")
        return !field || i.message.startsWith(`${field} `) ? i.message : `${field}: ${i.message}`
      }
      const reason = parsed.error.issues.map(named).join("; ")
      rejected.push({ line: info.lines, code, result: "rejected", reason })
    } else if (valid.has(parsed.data.code)) {
      rejected.push({ line: info.lines, code, result: "rejected", reason: `code: repeats line ${valid.get(parsed.data.code)!.line}` })
    } else {
      valid.set(parsed.data.code, { line: info.lines, input: parsed.data })
    }
  }
  return { valid: [...valid.values()], rejected }
}
