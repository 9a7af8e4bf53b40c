import { CSV_IMPORT_MAX_BYTES } from "../../modules/pickup-point/lib/import-limits"

/**
 * A file's text when it is UTF-8, null when it is not: read leniently, a
 * Windows-1252 export (Excel's plain "CSV") would import its accented rows
 * garbled or rejected one by one, so such a file is refused as a whole.
 */
export function decodeUtf8(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** Past this many rows (a national file has thousands), only rejected ones are listed, at most this many. */
export const MAX_IMPORT_ROWS_LISTED = 200

/** The rows an import's result lists: every row of a small file; of a large one, the first rejected ones. */
export function rowsListed<Row extends { result: string }>(rows: Row[]): Row[] {
  if (rows.length <= MAX_IMPORT_ROWS_LISTED) return rows
  return rows.filter((row) => row.result === "rejected").slice(0, MAX_IMPORT_ROWS_LISTED)
}

/**
 * The size in megabytes of an import of `csv` when it is more than the server
 * reads, else null: measured as sent (JSON, in which each line end and quote
 * takes a byte more).
 */
export function oversizedImportMegabytes(csv: string, maxBytes = CSV_IMPORT_MAX_BYTES): number | null {
  const bytes = new TextEncoder().encode(JSON.stringify({ csv })).byteLength
  return bytes > maxBytes ? Math.ceil((bytes / 1024 / 1024) * 10) / 10 : null
}

/** The server's limit, in megabytes, as the admin says it. */
export const IMPORT_MAX_MEGABYTES = CSV_IMPORT_MAX_BYTES / 1024 / 1024
