import { useId } from "react"
import type { ChosenPickupPoint } from "../storefront/chosen-point"
import { pickupPointAddressLines, weeklyOpeningHours } from "../storefront/format"
import type { PickupPointDetails } from "../storefront/pickup-point"
import { safeTrackingUrl, shipmentStageText, type ShipmentProgress } from "../storefront/shipment-progress"
import { cx, type ClassNames } from "./class-names"
import { OpeningHoursList } from "./OpeningHoursList"
import { summaryDetails, summaryWording } from "./summary-logic"

export type PickupPointSummarySlot =
  | "root"
  | "heading"
  | "name"
  | "address"
  | "code"
  | "hoursHeading"
  | "hours"
  | "badge"
  | "hint"
  | "status"
  | "tracking"
  | "trackingLink"

export type PickupPointSummaryLabels = {
  heading: string
  /** The heading once the parcel has been collected. */
  collectedHeading: string
  /** The heading when the shipment was cancelled: the parcel will not be there to collect. */
  notComingHeading: string
  /** The heading when the parcel went back to the sender, uncollected. */
  returnedHeading: string
  /** `{code}`: shown when the method carries the point's code only. */
  pointCode: string
  openingHours: string
  closed: string
  codeRequired: string
  codeRequiredHint: string
  /** The hint once the parcel is ready: the code has been e-mailed. */
  codeSentHint: string
  status: string
  trackingNumber: string
  trackParcel: string
  stages: Record<string, string>
}

export const DEFAULT_SUMMARY_LABELS: PickupPointSummaryLabels = {
  heading: "Collect your order at",
  collectedHeading: "Collected at",
  notComingHeading: "Not coming to this pickup point",
  returnedHeading: "No longer at this pickup point",
  pointCode: "Pickup point {code}",
  openingHours: "Opening hours",
  closed: "Closed",
  codeRequired: "Code needed at pickup",
  codeRequiredHint: "You will receive a code by e-mail: show it when you collect the parcel.",
  codeSentHint: "Your code has been sent by e-mail: show it when you collect the parcel.",
  status: "Status",
  trackingNumber: "Tracking number",
  trackParcel: "Track your parcel",
  stages: {},
}

export type PickupPointSummaryProps = {
  /** `readChosenPickupPoint(cartOrOrder)`, or a point itself. Renders nothing when null. */
  point: ChosenPickupPoint | PickupPointDetails | null | undefined
  /** The shipment's progress, on confirmation and account pages. */
  shipment?: ShipmentProgress | null
  /** Show the week's opening hours (default true). */
  showHours?: boolean
  /** The heading's level (default 2). */
  headingLevel?: 2 | 3 | 4
  /** Weekday names (default "en", as the default labels: the server's and the browser's must agree). */
  locale?: string
  labels?: Partial<PickupPointSummaryLabels>
  className?: string
  classNames?: ClassNames<PickupPointSummarySlot>
}

/** Where the shopper collects the order, for the review step, the confirmation and the account's order page. */
export function PickupPointSummary(props: PickupPointSummaryProps) {
  const labels = { ...DEFAULT_SUMMARY_LABELS, ...props.labels }
  const classNames = props.classNames ?? {}
  const headingId = `pps${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const details = summaryDetails(props.point)
  if (!details) return null
  const Heading = `h${props.headingLevel ?? 2}` as "h2" | "h3" | "h4"
  const { code, point } = details
  const stage = shipmentStageText(props.shipment, labels.stages)
  const wording = summaryWording(props.shipment, labels)
  const trackingUrl = safeTrackingUrl(props.shipment)
  const trackingNumber = props.shipment?.tracking_number

  return (
    <section className={cx(props.className, classNames.root)} aria-labelledby={headingId} data-pickup-point-summary={code}>
      <Heading id={headingId} className={classNames.heading}>
        {wording.heading}
      </Heading>
      {point ? (
        <>
          <p className={classNames.name}>{point.name}</p>
          <address className={classNames.address}>
            {pickupPointAddressLines(point).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </>
      ) : (
        <p className={classNames.code}>{labels.pointCode.replace("{code}", code)}</p>
      )}
      {point?.requires_verification_code && wording.codeHint && (
        <p className={classNames.hint}>
          <span className={classNames.badge}>{labels.codeRequired}</span> {wording.codeHint}
        </p>
      )}
      {point && props.showHours !== false && wording.showHours && weeklyOpeningHours(point.opening_hours).length > 0 && (
        <>
          <p className={classNames.hoursHeading}>{labels.openingHours}</p>
          <OpeningHoursList hours={point.opening_hours} locale={props.locale} closedLabel={labels.closed} className={classNames.hours} />
        </>
      )}
      {stage && (
        <p className={classNames.status}>
          {labels.status}: {stage}
        </p>
      )}
      {trackingNumber && (
        <p className={classNames.tracking}>
          {labels.trackingNumber}: {trackingNumber}
          {trackingUrl && (
            <>
              {" "}
              <a className={classNames.trackingLink} href={trackingUrl} target="_blank" rel="noopener noreferrer">
                {labels.trackParcel}
              </a>
            </>
          )}
        </p>
      )}
    </section>
  )
}
