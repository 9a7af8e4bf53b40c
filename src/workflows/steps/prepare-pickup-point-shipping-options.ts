import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { PICKUP_POINT_OPTION_TYPE } from "../utils/pickup-point-option-type"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, PICKUP_POINT_OPTION, pickupPointCodeOf } from "../../providers/pickup-point/service"
import { publishedOptionName } from "../utils/published-options"

export type PublishPickupPointsInput = {
  pickup_point_ids: string[]
  service_zone_id: string
  shipping_profile_id: string
  prices: ({ currency_code: string; amount: number } | { region_id: string; amount: number })[]
}

/**
 * The shipping options to create, one per chosen active point (its code in
 * the option's data), leaving out points the service zone already offers.
 * They all share the store's one "Pickup point" shipping option type, made
 * here if it does not exist yet (and removed again if the workflow fails).
 */
export const preparePickupPointShippingOptionsStepId = "pickup-point-prepare-shipping-options"

export const preparePickupPointShippingOptionsStep = createStep(
  preparePickupPointShippingOptionsStepId,
  async (input: PublishPickupPointsInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const fulfillment = container.resolve(Modules.FULFILLMENT)

    const points = await pickupPoints.listPickupPoints({ id: input.pickup_point_ids })
    // Named as the admin knows them: inactive points by code and name; only an id no point has, by id.
    const inactive = points.filter((point) => !point.is_active)
    const unknown = input.pickup_point_ids.filter((id) => !points.some((point) => point.id === id))
    if (inactive.length || unknown.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        [
          inactive.length
            ? `Inactive pickup points cannot be published: ${inactive.map((point) => `${point.code} (${point.name})`).join(", ")}. Activate them, or leave them out, and publish again.`
            : "",
          unknown.length ? `No pickup point has the id ${unknown.join(", ")}: reload the list and choose again.` : "",
        ]
          .filter(Boolean)
          .join(" ")
      )
    }
    // Medusa disables, rather than deletes, providers no longer in medusa-config.
    const providers = (await fulfillment.listFulfillmentProviders({})) as { id: string; is_enabled?: boolean }[]
    const provider = providers.find((p) => p.is_enabled !== false && isPickupPointProvider(p.id))
    if (!provider) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The pickup-point fulfillment provider is not registered in medusa-config.")
    }
    const existing = await fulfillment.listShippingOptions({ service_zone: { id: input.service_zone_id } }, { select: ["id", "provider_id", "data"] })
    const published = new Set(
      existing.filter((o) => isPickupPointProvider(o.provider_id)).map((o) => pickupPointCodeOf(o.data ?? undefined))
    )

    const toCreate = points.filter((point) => !published.has(point.code))
    const [existingType] = await fulfillment.listShippingOptionTypes({ code: PICKUP_POINT_OPTION_TYPE.code }, { take: 1 })
    const type = existingType ?? (toCreate.length ? await fulfillment.createShippingOptionTypes(PICKUP_POINT_OPTION_TYPE) : undefined)
    const createdTypeId = !existingType && type ? type.id : undefined
    return new StepResponse({
      skipped: points.filter((point) => published.has(point.code)).map((point) => point.id),
      options: toCreate.map((point) => ({
        name: publishedOptionName(point),
        service_zone_id: input.service_zone_id,
        shipping_profile_id: input.shipping_profile_id,
        provider_id: provider.id,
        price_type: "flat" as const,
        type_id: type!.id,
        data: { ...PICKUP_POINT_OPTION, pickup_point_code: point.code },
        prices: input.prices,
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
          { attribute: "is_return", value: "false", operator: "eq" as const },
        ],
      })),
    }, createdTypeId)
  },
  async (createdTypeId, { container }) => {
    if (!createdTypeId) return
    await container.resolve(Modules.FULFILLMENT).deleteShippingOptionTypes([createdTypeId])
  }
)
