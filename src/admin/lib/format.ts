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
