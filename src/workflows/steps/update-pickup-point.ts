import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { coordinatesPairMessage, missingCoordinate, type PickupPointInput } from "../../modules/pickup-point/lib/pickup-point-schema"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointDTO } from "../../modules/pickup-point/types"

export const updatePickupPointStepId = "pickup-point-update-pickup-point"

export type UpdatePickupPointInput = { id: string } & Partial<Omit<PickupPointInput, "code">>

/**
 * Updates a point of the catalog, and says whether it activated or
 * deactivated it; put back as it was if the workflow fails. Refused when
 * it sets a coordinate and the point would be left with one.
 */
export const updatePickupPointStep = createStep(
  updatePickupPointStepId,
  async (input: UpdatePickupPointInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const previous = await pickupPoints.retrievePickupPoint(input.id)
    // Checked when the update sets a coordinate (one it leaves out keeps its stored value): a point
    // stored with one, before they were checked, can still be renamed or deactivated.
    const setsCoordinates = input.latitude !== undefined || input.longitude !== undefined
    const missing = setsCoordinates && missingCoordinate({
      latitude: input.latitude === undefined ? previous.latitude : input.latitude,
      longitude: input.longitude === undefined ? previous.longitude : input.longitude,
    })
    if (missing) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, coordinatesPairMessage(missing))
    }
    const [point] = await pickupPoints.updateCatalogPoints([input])
    return new StepResponse({ point, activity_changed: point.is_active !== previous.is_active }, previous)
  },
  async (previous: PickupPointDTO | undefined, { container }) => {
    if (!previous) return
    const { created_at: _c, updated_at: _u, deleted_at: _d, ...fields } = previous
    await container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).updateCatalogPoints([fields as never])
  }
)
