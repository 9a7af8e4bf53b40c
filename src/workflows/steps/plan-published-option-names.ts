import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { listPublishedOptions, PUBLISHED_OPTION_NAME_PREFIX, publishedOptionName } from "../utils/published-options"

export const planPublishedOptionNamesStepId = "pickup-point-plan-published-option-names"

/**
 * Plans the names of the shipping options published for the given points,
 * as the catalog has them now: a point renamed or moved is offered under
 * its new name and address. An option the admin renamed (its name no
 * longer begins as the plugin names them) is left as they named it. No
 * compensation: it only reads; Medusa's update workflow makes the change.
 */
export const planPublishedOptionNamesStep = createStep(planPublishedOptionNamesStepId, async (input: { codes: string[] }, { container }) => {
  const options = (await listPublishedOptions(container, input.codes, { select: ["id", "name", "provider_id", "data"] })).filter(({ option }) =>
    option.name.startsWith(PUBLISHED_OPTION_NAME_PREFIX)
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
