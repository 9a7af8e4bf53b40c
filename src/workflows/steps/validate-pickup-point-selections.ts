import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { pickupPointUnavailable } from "../../modules/pickup-point/lib/checkout-refusals"
import { pickupPointSnapshot, type PickupPointSnapshot } from "../../modules/pickup-point/lib/pickup-point-snapshot"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { chosenPickupPointCode, isPickupPointProvider } from "../../providers/pickup-point/service"

export const validatePickupPointSelectionsStepId = "pickup-point-validate-selections"

/** A shipping option chosen for a cart, with the data sent with it. */
export type PickupPointSelection = { option_id: string; data?: Record<string, unknown> | null }

/** A pickup-point selection that passed: its point, with the snapshot to store on the shipping method. */
export type ValidatedPickupPointSelection = { option_id: string; pickup_point_code: string; pickup_point: PickupPointSnapshot }

/**
 * Refuses, with a 400 the shopper can act on, any pickup-point shipping
 * option chosen without a point, with a point that is unknown or no
 * longer active, or (a published option) with another point than its own
 * (`pickup_point_mismatch`); other options pass. Exported for stores with a custom
 * checkout workflow: add it before the step that adds the shipping method
 * or completes the cart. Answers each pickup-point selection with its
 * point's snapshot (for the method's `data.pickup_point`). No compensation:
 * it only reads.
 */
export const validatePickupPointSelectionsStep = createStep(
  validatePickupPointSelectionsStepId,
  async (input: { selections: PickupPointSelection[] }, { container }) => {
    const selections = input.selections.filter((selection) => selection?.option_id)
    if (!selections.length) {
      return new StepResponse([] as ValidatedPickupPointSelection[])
    }
    const options = await container
      .resolve(Modules.FULFILLMENT)
      .listShippingOptions({ id: selections.map((s) => s.option_id) }, { select: ["id", "provider_id", "data"] })
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const validated: ValidatedPickupPointSelection[] = []
    for (const option of options.filter((o) => isPickupPointProvider(o.provider_id))) {
      const selection = selections.find((s) => s.option_id === option.id)
      // The provider's own rule: a published option's point is not overridden, and a code is bounded.
      const code = chosenPickupPointCode(option.data ?? undefined, selection?.data ?? undefined)
      const point = await pickupPoints.retrieveActivePickupPoint(code)
      if (!point) {
        throw pickupPointUnavailable()
      }
      validated.push({ option_id: option.id, pickup_point_code: code, pickup_point: pickupPointSnapshot(point) })
    }
    return new StepResponse(validated)
  }
)
