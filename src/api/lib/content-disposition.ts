/**
 * `Content-Disposition: inline` for a file whose name may hold any text (an
 * order number with a Cyrillic prefix, say): an ASCII name for every client,
 * and the exact name as RFC 6266's `filename*` (UTF-8, percent-encoded). A
 * header value outside Latin-1 makes Node throw, which would answer 500.
 */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\w.-]+/g, "_")
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987 wants them encoded.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return ascii === filename ? `inline; filename="${filename}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** A list of ids for a response header: an id that is not plain ASCII (one a client sent) is percent-encoded. */
export function headerList(ids: string[]): string {
  return ids.map((id) => (/^[\w.-]+$/.test(id) ? id : encodeURIComponent(id))).join(",")
}
