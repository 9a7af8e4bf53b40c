import type { CreateShippingOptionRuleDTO, UpdateShippingOptionRuleDTO } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { listPublishedOptions } from "../utils/published-options"

export const planPublishedOptionAvailabilityStepId = "pickup-point-plan-published-option-availability"

/** The rule Medusa's store lists of shipping options match on (`enabled_in_store` "true"). */
const IN_STORE = "enabled_in_store"

/** The rule changes that make each published option of these points offered in the store exactly while its point is active. */
export type PublishedOptionAvailabilityPlan = { create: CreateShippingOptionRuleDTO[]; update: UpdateShippingOptionRuleDTO[] }

/**
 * Plans the `enabled_in_store` rule of every shipping option published for
 * one of the given points (`data.pickup_point_code`), as the catalog has
 * them now: "true" while the point is active, "false" once it is
 * deactivated (or gone), so the store stops offering a point it can no
 * longer sell and offers it again when it is reactivated. Options already
 * right are left alone. No compensation: it only reads; the change is made
 * by Medusa's batch workflow, which undoes itself.
 */
export const planPublishedOptionAvailabilityStep = createStep(
  planPublishedOptionAvailabilityStepId,
  async (input: { codes: string[] }, { container }) => {
    const plan: PublishedOptionAvailabilityPlan = { create: [], update: [] }
    const options = await listPublishedOptions(container, input.codes, { select: ["id", "provider_id", "data"], relations: ["rules"] })
    if (!options.length) return new StepResponse(plan)
    const points = await container
      .resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
      .listPickupPoints({ code: [...new Set(options.map((o) => o.code))] }, { select: ["code", "is_active"] })
    const active = new Set(points.filter((point) => point.is_active).map((point) => point.code))
    for (const { option, code } of options) {
      const value = active.has(code) ? "true" : "false"
      const rule = (option.rules ?? []).find((r) => r.attribute === IN_STORE)
      if (!rule) {
        plan.create.push({ shipping_option_id: option.id, attribute: IN_STORE, operator: "eq", value })
      } else if (ruleValue(rule.value) !== value || rule.operator !== "eq") {
        plan.update.push({ id: rule.id, attribute: IN_STORE, operator: "eq", value })
      }
    }
    return new StepResponse(plan)
  }
)

/** A rule's value as stored ("true"); typed by Medusa as `{ value }`, so both are read. */
function ruleValue(value: unknown): unknown {
  return value && typeof value === "object" && "value" in value ? (value as { value: unknown }).value : value
}
