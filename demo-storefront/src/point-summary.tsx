import { PickupPointSummary, type PickupPointSummaryProps } from "medusa-pickup-point/react"
import { SUMMARY_CLASSES } from "./class-names"
import { useLanguage } from "./language"

/** The plugin's summary as the demo shows it everywhere: its classes, and the page's language. */
export function PointSummary(props: Omit<PickupPointSummaryProps, "labels" | "locale" | "classNames">) {
  const { texts } = useLanguage()
  return <PickupPointSummary {...props} classNames={SUMMARY_CLASSES} labels={texts.summary} locale={texts.locale} />
}
