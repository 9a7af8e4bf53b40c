import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { assertUsablePickupPoint } from "../../modules/pickup-point/assert-usable-pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

// Again at completion, for checkouts that skip steps or a point deactivated since it was chosen.
type CartShippingMethod = { shipping_option_id?: string | null; data?: Record<string, unknown> | null }

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const methods = ((cart.shipping_methods ?? []) as CartShippingMethod[]).filter((method) => method?.shipping_option_id)
  if (!methods.length) {
    return
  }
  const options = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions({ id: methods.map((m) => m.shipping_option_id!) }, { select: ["id", "provider_id", "data"] })
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  for (const option of options.filter((o) => isPickupPointProvider(o.provider_id))) {
    const method = methods.find((m) => m.shipping_option_id === option.id)
    await assertUsablePickupPoint(
      pickupPoints,
      pickupPointCodeOf(method?.data ?? undefined, option.data ?? undefined)
    )
  }
})
