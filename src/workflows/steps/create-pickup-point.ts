import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type { PickupPointInput } from "../../modules/pickup-point/lib/pickup-point-schema"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const createPickupPointStepId = "pickup-point-create-pickup-point"

/** Adds a point to the catalog; a code the catalog has already is refused. Removed again if the workflow fails. */
export const createPickupPointStep = createStep(
  createPickupPointStepId,
  async (input: PickupPointInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const duplicate = async () => {
      const [existing] = await pickupPoints.listPickupPoints({ code: input.code }, { take: 1 })
      return existing
        ? new MedusaError(MedusaError.Types.DUPLICATE_ERROR, `A pickup point with code ${input.code} exists already (${existing.id}).`)
        : null
    }
    const known = await duplicate()
    if (known) throw known
    try {
      const point = await pickupPoints.createPickupPoints(input)
      return new StepResponse(point, point.id)
    } catch (error) {
      // Two creates of one code at once: the unique index on code lets one through; the other is a duplicate too.
      throw (await duplicate()) ?? error
    }
  },
  async (id, { container }) => {
    if (id) await container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).deletePickupPoints(id)
  }
)
