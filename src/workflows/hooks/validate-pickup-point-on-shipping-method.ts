import { addShippingMethodToCartWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { assertUsablePickupPoint } from "../../modules/pickup-point/assert-usable-pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

// The earliest step that can know: a missing, unknown or inactive point is a 400 when the method is added.
addShippingMethodToCartWorkflow.hooks.validate(async ({ input }, { container }) => {
  const chosen = input.options ?? []
  if (!chosen.length) {
    return
  }
  const options = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions({ id: chosen.map((option) => option.id) }, { select: ["id", "provider_id", "data"] })
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  for (const option of options.filter((o) => isPickupPointProvider(o.provider_id))) {
    const data = chosen.find((c) => c.id === option.id)?.data
    await assertUsablePickupPoint(pickupPoints, pickupPointCodeOf(data, option.data ?? undefined))
  }
})
