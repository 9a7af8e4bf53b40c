import { weeklyOpeningHours } from "../storefront/format"
import type { OpeningHours } from "../storefront/pickup-point"

/**
 * The components' locale when the store gives none: English, as their default labels. Not the
 * runtime's: a server-rendered page would name the days in the server's language and the browser
 * in the shopper's, and React refuses to hydrate the difference.
 */
export const DEFAULT_LOCALE = "en"

/** The week's opening hours as a description list, Monday first; nothing when the hours are unknown. */
export function OpeningHoursList(props: { hours: OpeningHours | null | undefined; locale?: string; closedLabel: string; className?: string }) {
  const rows = weeklyOpeningHours(props.hours, props.locale ?? DEFAULT_LOCALE)
  if (!rows.length) return null
  return (
    <dl className={props.className} data-opening-hours="">
      {rows.map((row) => (
        <div key={row.day} data-day={row.day}>
          <dt>{row.label}</dt>
          <dd>{row.intervals.length ? row.intervals.join(", ") : props.closedLabel}</dd>
        </div>
      ))}
    </dl>
  )
}
