import { parse as parseCsv } from "csv-parse/sync"
import type { ImportRowResult } from "../types"
import { problemOfIssue, type ImportRowProblem } from "./import-row-problems"
import { csvRecordToInput, pickupPointFieldsSchema, pickupPointInputSchema, type PickupPointInput } from "./pickup-point-schema"

/** A CSV file read row by row: the valid points with their line, and each rejected row with its reason. */
export type ReadPickupPointCsv = {
  valid: { line: number; input: PickupPointInput }[]
  rejected: Extract<ImportRowResult, { result: "rejected" }>[]
}

/** The columns a file may have: the fields of `POST /admin/pickup-points`. */
export const PICKUP_POINT_CSV_COLUMNS = Object.keys(pickupPointFieldsSchema.shape)

/** How much of a file the delimiter is looked for in. */
const HEADER_SCAN_CHARS = 65_536

/** Delimiters a spreadsheet writes: a comma, a semicolon (Excel where the decimal mark is a comma), a tab. */
const DELIMITERS = [",", ";", "\t"] as const

/**
 * Reads a CSV of pickup points (header row with the field names of
 * `POST /admin/pickup-points`, delimited by commas, semicolons or tabs, as
 * the header shows). Each row stands alone: a bad row is reported with its
 * reason and never stops the others; a code repeated in the file is
 * rejected at its second line; a row with more cells than the header has
 * columns (an address with the delimiter in it, unquoted) is rejected
 * rather than read into the wrong fields. Throws, saying what to fix, only
 * when the file cannot be read or its header is not one of points.
 */
export function readPickupPointCsv(csv: string): ReadPickupPointCsv {
  const rows = parseCsv(csv, {
    delimiter: delimiterOf(csv),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    info: true,
    relax_column_count: true,
    // A quote inside an unquoted cell (Bar "Da Mario") is text: without this, the whole file failed.
    relax_quotes: true,
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const [header, ...records] = rows
  if (!header) throw new Error("the file is empty: its first line must name the columns, such as code,name,address,city,postcode,country_code")
  const columns = header.record.map((column) => column.trim().toLowerCase())
  checkColumns(columns)

  const valid = new Map<string, { line: number; input: PickupPointInput }>()
  const rejected: ReadPickupPointCsv["rejected"] = []
  for (const { record: cells, info } of records) {
    // A row of empty cells (a spreadsheet's formatted but empty line) is no row.
    if (cells.every((cell) => cell === "")) continue
    const record = Object.fromEntries(columns.flatMap((column, i) => (column ? [[column, cells[i] ?? ""]] : [])))
    const code = record.code || null
    // More cells than the header has (even if the extra one is empty: the last column left empty), or a value in
    // an unnamed column: the row's cells have shifted, and each would land in the wrong field.
    if (cells.length > columns.length || cells.some((cell, i) => cell !== "" && !columns[i])) {
      rejected.push({
        line: info.lines,
        code,
        result: "rejected",
        reason: `has a value outside the named columns (${cells.length} cells for ${columns.filter(Boolean).length} columns): put a cell that holds the delimiter (an address such as "Via Roma, 12") in double quotes`,
        problems: [{ field: null, kind: "shifted", cells: cells.length, columns: columns.filter(Boolean).length }],
      })
      continue
    }
    const row = csvRecordToInput(record)
    const parsed = pickupPointInputSchema.safeParse(row)
    // The parser turns an unpaired surrogate into U+FFFD; either is a cell that is not valid text.
    const garbled = columns.find((column) => record[column]?.includes("\ufffd"))
    if (garbled !== undefined) {
      rejected.push({
        line: info.lines,
        code: garbled === "code" ? null : code,
        result: "rejected",
        reason: `${garbled} is not valid text (an unpaired surrogate or U+FFFD): check that the file is UTF-8`,
        problems: [{ field: garbled, kind: "not_text" }],
      })
    } else if (!parsed.success) {
      const named = (i: { path: PropertyKey[]; message: string }) => {
        const field = i.path.map(String).join(".")
        return !field || i.message.startsWith(`${field} `) ? i.message : `${field}: ${i.message}`
      }
      const reason = parsed.error.issues.map(named).join("; ")
      // One problem per field: a field's first issue says what to fix in it.
      const problems = new Map<string, ImportRowProblem>()
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "")
        if (!problems.has(field)) problems.set(field, problemOfIssue(issue, row))
      }
      rejected.push({ line: info.lines, code, result: "rejected", reason, problems: [...problems.values()] })
    } else if (valid.has(parsed.data.code)) {
      const first = valid.get(parsed.data.code)!.line
      rejected.push({ line: info.lines, code, result: "rejected", reason: `code: repeats line ${first}`, problems: [{ field: "code", kind: "repeats", line: first }] })
    } else {
      valid.set(parsed.data.code, { line: info.lines, input: parsed.data })
    }
  }
  return { valid: [...valid.values()], rejected }
}

/** The delimiter the header line uses most (outside quotes); a comma when it has none. */
function delimiterOf(csv: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  // The header is the first line with something on it: the parser skips empty lines, and so does this.
  // Only the file's start is read: a header is not 64 KB long, and the file may be megabytes.
  for (const char of csv.slice(0, HEADER_SCAN_CHARS).replace(/^\ufeff/, "").replace(/^\s+/, "")) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === "\n" || char === "\r")) break
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1)
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]
  return count > 0 ? best : ","
}

/** A header the import can read: known columns, each once, `code` among them. */
function checkColumns(columns: string[]) {
  // An unnamed column (a spreadsheet's trailing delimiter) is left out; a value in it rejects its row.
  const unknown = columns.filter((column) => column && !PICKUP_POINT_CSV_COLUMNS.includes(column))
  if (unknown.length) {
    throw new Error(
      `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `"${c}"`).join(", ")} in the first line: the columns are ${PICKUP_POINT_CSV_COLUMNS.join(", ")}`
    )
  }
  const repeated = columns.find((column, i) => column && columns.indexOf(column) !== i)
  if (repeated) throw new Error(`the column "${repeated}" appears twice in the first line`)
  if (!columns.includes("code")) throw new Error(`the first line has no "code" column: it must name the columns, such as code,name,address,city,postcode,country_code`)
}
