import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  validatePickupPointSelections,
  type PickupPointSelection,
  type ValidatedPickupPointSelection,
} from "../utils/pickup-point-checkout-checks"

export type { PickupPointSelection, ValidatedPickupPointSelection }

export const validatePickupPointSelectionsStepId = "pickup-point-validate-selections"

/**
 * Refuses, with a 400 the shopper can act on, any pickup-point shipping
 * option chosen without a point, with a point that is unknown or no
 * longer active, (a published option) with another point than its own
 * (`pickup_point_mismatch`), or, given `shipping_country` (the cart's
 * shipping address's), with a point in another country
 * (`pickup_point_wrong_country`); other options pass. Exported for stores with a custom
 * checkout workflow: add it before the step that adds the shipping method
 * or completes the cart. Answers each pickup-point selection with its
 * point's snapshot (for the method's `data.pickup_point`). No compensation:
 * it only reads.
 */
export const validatePickupPointSelectionsStep = createStep(
  validatePickupPointSelectionsStepId,
  async (input: { selections: PickupPointSelection[]; shipping_country?: string | null }, { container }) =>
    new StepResponse<ValidatedPickupPointSelection[]>(
      await validatePickupPointSelections(container, input.selections, () => input.shipping_country)
    )
)
