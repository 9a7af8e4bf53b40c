import type { PickupPointPickerSlot, PickupPointSummarySlot } from "medusa-pickup-point/react"

/** The demo's CSS classes (styles.css) for the plugin's unstyled components: a store puts its own here. */
export const PICKER_CLASSES: Partial<Record<PickupPointPickerSlot, string>> = {
  form: "picker-form",
  label: "picker-label",
  searchRow: "picker-row",
  input: "picker-input",
  searchButton: "secondary",
  locateButton: "secondary",
  status: "picker-status",
  error: "alert",
  list: "picker-list",
  option: "picker-option",
  optionActive: "is-active",
  optionSelected: "is-selected",
  name: "picker-name",
  address: "picker-address",
  distance: "picker-meta",
  hours: "picker-meta",
  badge: "badge",
  // "Chosen" is good news, not a warning like "Code needed at pickup".
  chosenBadge: "tag",
  details: "picker-details",
  detailsHeading: "picker-details-heading",
  hint: "hint",
}

export const SUMMARY_CLASSES: Partial<Record<PickupPointSummarySlot, string>> = {
  name: "summary-name",
  badge: "badge",
  hint: "hint",
  hoursHeading: "summary-subheading",
  status: "summary-status",
}
