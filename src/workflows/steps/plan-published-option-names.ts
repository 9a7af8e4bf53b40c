import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointDTO } from "../../modules/pickup-point/types"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

export const planPublishedOptionNamesStepId = "pickup-point-plan-published-option-names"

/** How a published point's shipping option is named: what the store's list shows shoppers. */
export const PUBLISHED_OPTION_NAME_PREFIX = "Pickup point: "
export const publishedOptionName = (point: Pick<PickupPointDTO, "name" | "address" | "city">) =>
  `${PUBLISHED_OPTION_NAME_PREFIX}${point.name}, ${point.address}, ${point.city}`

/**
 * Plans the names of the shipping options published for the given points,
 * as the catalog has them now: a point renamed or moved is offered under
 * its new name and address. An option the admin renamed (its name no
 * longer begins as the plugin names them) is left as they named it. No
 * compensation: it only reads; Medusa's update workflow makes the change.
 */
export const planPublishedOptionNamesStep = createStep(planPublishedOptionNamesStepId, async (input: { codes: string[] }, { container }) => {
  const wanted = new Set(input.codes)
  if (!wanted.size) return new StepResponse([] as { id: string; name: string }[])
  const options = (await container.resolve(Modules.FULFILLMENT).listShippingOptions({}, { select: ["id", "name", "provider_id", "data"] })).flatMap(
    (option) => {
      const code = isPickupPointProvider(option.provider_id) ? pickupPointCodeOf(option.data ?? undefined) : undefined
      return code && wanted.has(code) && option.name.startsWith(PUBLISHED_OPTION_NAME_PREFIX) ? [{ option, code }] : []
    }
  )
  if (!options.length) return new StepResponse([] as { id: string; name: string }[])
  const points = await container
    .resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
    .listPickupPoints({ code: [...new Set(options.map((o) => o.code))] }, { select: ["code", "name", "address", "city"] })
  const byCode = new Map(points.map((point) => [point.code, point]))
  return new StepResponse(
    options.flatMap(({ option, code }) => {
      const point = byCode.get(code)
      const name = point && publishedOptionName(point)
      return name && name !== option.name ? [{ id: option.id, name }] : []
    })
  )
})
