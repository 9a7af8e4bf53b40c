/**
 * The dashboard's language as a BCP 47 tag: it names some languages without
 * the hyphen (`enGB`, `ptBR`, `zhTW`), which Intl refuses with a RangeError.
 */
export function localeOf(language: string): string | undefined {
  const tag = language.replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2")
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length ? tag : undefined
  } catch {
    // Not a language tag at all: the browser's own locale.
    return undefined
  }
}

/** Dates and times in the admin's language. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  if (!value) return "—"
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(new Date(value))
}

export function formatTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: "short" }).format(new Date(value))
}

/** A size or a count with a fraction in the admin's language ("1.5" in English, "1,5" in Italian). */
export function formatDecimal(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value)
}

/** An amount in its currency, in the admin's language ("€4.90", "4,90 €"); the amount and code for an unknown currency. */
export function formatMoney(amount: number, currencyCode: string, language: string): string {
  try {
    return new Intl.NumberFormat(localeOf(language), { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
  } catch {
    return `${amount} ${currencyCode.toUpperCase()}`
  }
}

/** A country's name in the admin's language ("Italy", "Italia") from its ISO code, or the code itself. */
export function formatCountry(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(localeOf(language), { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase()
  } catch {
    return code.toUpperCase()
  }
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
