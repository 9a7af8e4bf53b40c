import { Modules } from "@medusajs/framework/utils"
import type { CreateShippingOptionRuleDTO, UpdateShippingOptionRuleDTO } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

export const planPublishedOptionAvailabilityStepId = "pickup-point-plan-published-option-availability"

/** The rule Medusa's store lists of shipping options match on (`enabled_in_store` "true"). */
const IN_STORE = "enabled_in_store"

/** The rule changes that make each published option of these points offered in the store exactly while its point is active. */
export type PublishedOptionAvailabilityPlan = { create: CreateShippingOptionRuleDTO[]; update: UpdateShippingOptionRuleDTO[] }

/**
 * Plans the `enabled_in_store` rule of every shipping option published for
 * one of the given points (`data.pickup_point_code`): "true" while the point
 * is active, "false" once it is deactivated, so the store stops offering a
 * point it can no longer sell and offers it again when it is reactivated.
 * Options already right are left alone. No compensation: it only reads; the
 * change is made by Medusa's batch workflow, which undoes itself.
 */
export const planPublishedOptionAvailabilityStep = createStep(
  planPublishedOptionAvailabilityStepId,
  async (input: { points: { code: string; is_active: boolean }[] }, { container }) => {
    const plan: PublishedOptionAvailabilityPlan = { create: [], update: [] }
    const activeByCode = new Map(input.points.map((point) => [point.code, point.is_active]))
    if (!activeByCode.size) return new StepResponse(plan)
    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const options = await fulfillment.listShippingOptions({}, { select: ["id", "provider_id", "data"], relations: ["rules"] })
    for (const option of options.filter((o) => isPickupPointProvider(o.provider_id))) {
      const code = pickupPointCodeOf(option.data ?? undefined)
      if (!code || !activeByCode.has(code)) continue
      const value = activeByCode.get(code) ? "true" : "false"
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
