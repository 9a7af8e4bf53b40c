/** Dates and times in the admin's language. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  if (!value) return "—"
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value))
}

export function formatTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(new Date(value))
}

/** A plain link to the coordinates on OpenStreetMap: nothing is loaded until the admin follows it. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`
}

/**
 * A price as typed: "1.50", or "1,50" as Italian and most of Europe write it (no thousands
 * separators). NaN for anything else, which the form then names.
 */
export function parsePrice(text: string): number {
  const value = text.trim().replace(",", ".")
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN
}
