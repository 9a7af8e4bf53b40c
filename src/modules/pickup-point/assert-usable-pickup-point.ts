import { MedusaError } from "@medusajs/framework/utils"
import type PickupPointModuleService from "./service"

/** Throws a 400 the shopper can act on unless the code names an active point of the catalog. */
export async function assertUsablePickupPoint(
  pickupPoints: PickupPointModuleService,
  code: string | undefined
): Promise<void> {
  if (!code) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Choose a pickup point: send its code as data.pickup_point_code with the shipping method."
    )
  }
  if (!(await pickupPoints.retrieveActivePickupPoint(code))) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Pickup point ${code} is unknown or no longer available: choose another one.`
    )
  }
}
