import { weeklyOpeningHours } from "../storefront/format"
import type { OpeningHours } from "../storefront/pickup-point"

/** The week's opening hours as a description list, Monday first; nothing when the hours are unknown. */
export function OpeningHoursList(props: { hours: OpeningHours | null | undefined; locale?: string; closedLabel: string; className?: string }) {
  const rows = weeklyOpeningHours(props.hours, props.locale)
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
