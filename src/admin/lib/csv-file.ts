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
