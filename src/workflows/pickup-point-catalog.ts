import { batchShippingOptionRulesWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PickupPointInput } from "../modules/pickup-point/lib/pickup-point-schema"
import { createPickupPointStep } from "./steps/create-pickup-point"
import { importPickupPointsStep } from "./steps/import-pickup-points"
import { planPublishedOptionAvailabilityStep } from "./steps/plan-published-option-availability"
import { updatePickupPointStep, type UpdatePickupPointInput } from "./steps/update-pickup-point"

export const createPickupPointWorkflowId = "pickup-point-create-pickup-point-workflow"
export const updatePickupPointWorkflowId = "pickup-point-update-pickup-point-workflow"
export const importPickupPointsWorkflowId = "pickup-point-import-pickup-points-workflow"

/** Adds one point to the catalog. */
export const createPickupPointWorkflow = createWorkflow(createPickupPointWorkflowId, (input: PickupPointInput) =>
  new WorkflowResponse(createPickupPointStep(input))
)

/**
 * Updates one point; `is_active: false` takes it out of the store's search
 * and checkout, and its published shipping options out of the store's list
 * (`is_active: true` puts them back).
 */
export const updatePickupPointWorkflow = createWorkflow(updatePickupPointWorkflowId, (input: UpdatePickupPointInput) => {
  const point = updatePickupPointStep(input)
  when("pickup-point-activity-changed", { input }, ({ input }) => input.is_active !== undefined).then(() => {
    const plan = planPublishedOptionAvailabilityStep({ codes: transform({ point }, ({ point }) => [point.code]) })
    batchShippingOptionRulesWorkflow.runAsStep({ input: plan })
  })
  return new WorkflowResponse(point)
})

/**
 * Imports a CSV of points, row by row (see the step); the published options
 * of the points it saved follow their `is_active`, as with an update.
 */
export const importPickupPointsWorkflow = createWorkflow(importPickupPointsWorkflowId, (input: { csv: string }) => {
  const imported = importPickupPointsStep(input)
  const codes = transform({ imported }, ({ imported }) =>
    imported.rows.flatMap((row) => (row.result === "rejected" || !row.code ? [] : [row.code]))
  )
  const plan = planPublishedOptionAvailabilityStep({ codes })
  batchShippingOptionRulesWorkflow.runAsStep({ input: plan })
  return new WorkflowResponse(imported)
})
