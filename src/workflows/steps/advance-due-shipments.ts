import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { advanceAndAnnounce } from "./advance-shipment"

/** Works through shipments whose creation is still open and due, one at a time. */
export const advanceDueShipmentsStep = createStep(
  "advance-due-shipments",
  async (input: { limit: number }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const ids = await pickupPoints.listDueShipmentIds(input.limit)
    const statuses: Record<string, number> = {}
    for (const id of ids) {
      const shipment = await advanceAndAnnounce(container, id)
      const status = shipment?.status ?? "busy"
      statuses[status] = (statuses[status] ?? 0) + 1
    }
    return new StepResponse({ processed: ids.length, statuses })
  }
)
