import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ShipmentIntent } from "../../modules/pickup-point/types"
import type { PickupPointChange } from "./prepare-pickup-point-change"

export const checkPickupPointChangeIntentStepId = "pickup-point-check-pickup-point-change-intent"

/**
 * Checks the new shipment order can be made before the old one is
 * cancelled on the service: the order still ships to a pickup point, its
 * data is complete (a phone, say), and its shipping method carries this
 * change's point (not another change's, made meanwhile). No compensation:
 * it only reads; a refusal puts the method back.
 */
export const checkPickupPointChangeIntentStep = createStep(
  checkPickupPointChangeIntentStepId,
  async ({ change, intent }: { change: PickupPointChange; intent: ShipmentIntent | null }) => {
    const unchanged = `The pickup point of ${change.order_number} was not changed`
    if (!intent) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${unchanged}: the order is not shipped to a pickup point any more.`)
    }
    if (intent.problem) {
      const problem = intent.problem.replace(/,? then retry the shipment\./g, ".")
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${unchanged}: ${problem} Then change the pickup point again.`)
    }
    if (intent.pickup_point_code !== change.to_code) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `${unchanged}: its shipping method was changed meanwhile (it now goes to ${intent.pickup_point_code}). Reload the order and try again.`
      )
    }
    return new StepResponse(intent)
  }
)
