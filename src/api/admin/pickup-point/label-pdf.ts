import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../modules/pickup-point"
import type PickupPointModuleService from "../../../modules/pickup-point/service"

/**
 * The PDF of a stored label, for the admin routes only. Labels live in the
 * plugin's own table; an id that is not there is a label made before that
 * (by an earlier version, with the File Module), read from there.
 */
export async function readLabelPdf(container: MedusaContainer, labelId: string): Promise<Buffer> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const pdf = await pickupPoints.retrieveLabelPdf(labelId)
  if (pdf) {
    return pdf
  }
  try {
    return await container.resolve(Modules.FILE).getAsBuffer(labelId)
  } catch {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "The label's PDF is no longer stored: fulfill the order again to get a new one.")
  }
}
