import { batchShippingOptionRulesWorkflow, updateShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { PickupPointInput } from "../modules/pickup-point/lib/pickup-point-schema"
import { createPickupPointStep } from "./steps/create-pickup-point"
import { importPickupPointsStep } from "./steps/import-pickup-points"
import { planPublishedOptionAvailabilityStep } from "./steps/plan-published-option-availability"
import { planPublishedOptionNamesStep } from "./steps/plan-published-option-names"
import { updatePickupPointStep, type UpdatePickupPointInput } from "./steps/update-pickup-point"

export const createPickupPointWorkflowId = "pickup-point-create-pickup-point-workflow"
export const updatePickupPointWorkflowId = "pickup-point-update-pickup-point-workflow"
export const importPickupPointsWorkflowId = "pickup-point-import-pickup-points-workflow"

/** Adds one point to the catalog. */
export const createPickupPointWorkflow = createWorkflow(createPickupPointWorkflowId, (input: PickupPointInput) =>
  new WorkflowResponse(createPickupPointStep(input))
)

/**
 * Updates one point; deactivating it takes it out of the store's search
 * and checkout, and its published shipping options out of the store's list
 * (activating it puts them back; an `is_active` that changes nothing leaves
 * them as they are). A new name, address or city renames its published
 * options.
 */
export const updatePickupPointWorkflow = createWorkflow(updatePickupPointWorkflowId, (input: UpdatePickupPointInput) => {
  const updated = updatePickupPointStep(input)
  const point = transform({ updated }, ({ updated }) => updated.point)
  const codes = transform({ point }, ({ point }) => [point.code])
  // Only a change of activity: an option an admin hid from the store stays hidden while its point stays active.
  when("pickup-point-activity-changed", { updated }, ({ updated }) => updated.activity_changed).then(() => {
    const plan = planPublishedOptionAvailabilityStep({ codes })
    batchShippingOptionRulesWorkflow.runAsStep({ input: plan })
  })
  // Only a new name, address or city can rename an option: otherwise no option is read.
  const named = transform({ input, point }, ({ input, point }) =>
    [input.name, input.address, input.city].some((value) => value !== undefined) ? [point.code] : []
  )
  renamePublishedOptions(named)
  return new WorkflowResponse(point)
})

/** The published options of these points under their points' current names (see the step). */
function renamePublishedOptions(codes: WorkflowData<string[]>) {
  const renames = planPublishedOptionNamesStep({ codes })
  when("pickup-point-published-options-renamed", { renames }, ({ renames }) => renames.length > 0).then(() => {
    updateShippingOptionsWorkflow.runAsStep({ input: renames })
  })
}

/**
 * Imports a CSV of points, row by row (see the step); the published options
 * of the points it activated or deactivated follow, as with an update, and
 * those of the points it saved take their names.
 */
export const importPickupPointsWorkflow = createWorkflow(importPickupPointsWorkflowId, (input: { csv: string }) => {
  const imported = importPickupPointsStep(input)
  const codes = transform({ imported }, ({ imported }) =>
    imported.rows.flatMap((row) => (row.result === "rejected" || !row.code ? [] : [row.code]))
  )
  const changed = transform({ imported }, ({ imported }) => imported.activity_changed)
  const plan = planPublishedOptionAvailabilityStep({ codes: changed })
  batchShippingOptionRulesWorkflow.runAsStep({ input: plan })
  renamePublishedOptions(codes)
  const result = transform({ imported }, ({ imported }) => {
    const { activity_changed: _changed, ...answer } = imported
    return answer
  })
  return new WorkflowResponse(result)
})
