/**
 * `medusa-pickup-point/react`: an unstyled pickup-point picker and summary
 * for React 18+ storefronts, built on `medusa-pickup-point/storefront`.
 */
export { PickupPointPicker, type PickupPointPickerProps, type PickupPointPickerSlot, type PickupPointMapProps } from "./PickupPointPicker"
export {
  PickupPointSummary,
  DEFAULT_SUMMARY_LABELS,
  type PickupPointSummaryProps,
  type PickupPointSummarySlot,
  type PickupPointSummaryLabels,
} from "./PickupPointSummary"
export { OpeningHoursList } from "./OpeningHoursList"
export { useChosenPickupPoint } from "./use-chosen-pickup-point"
export { DEFAULT_PICKER_LABELS, type PickupPointPickerLabels } from "./picker-logic"
export { ITALIAN_PICKER_LABELS, ITALIAN_SUMMARY_LABELS } from "./labels-it"
export { DEFAULT_REMEMBER_KEY, type RememberOption } from "./remembered-point"
export type { ClassNames } from "./class-names"
