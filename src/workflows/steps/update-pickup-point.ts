import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type { PickupPointInput } from "../../modules/pickup-point/lib/pickup-point-schema"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointDTO } from "../../modules/pickup-point/types"

export const updatePickupPointStepId = "pickup-point-update-pickup-point"

export type UpdatePickupPointInput = { id: string } & Partial<Omit<PickupPointInput, "code">>

/**
 * Updates a point of the catalog, and says whether it activated or
 * deactivated it; put back as it was if the workflow fails.
 */
export const updatePickupPointStep = createStep(
  updatePickupPointStepId,
  async (input: UpdatePickupPointInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const previous = await pickupPoints.retrievePickupPoint(input.id)
    const point = await pickupPoints.updatePickupPoints(input)
    return new StepResponse({ point, activity_changed: point.is_active !== previous.is_active }, previous)
  },
  async (previous: PickupPointDTO | undefined, { container }) => {
    if (!previous) return
    const { created_at: _c, updated_at: _u, deleted_at: _d, ...fields } = previous
    await container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).updatePickupPoints(fields as never)
  }
)
