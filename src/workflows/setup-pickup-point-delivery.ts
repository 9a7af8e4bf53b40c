import {
  acquireLockStep,
  createFulfillmentSets,
  createRemoteLinkStep,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingOptionTypesWorkflow,
  createShippingProfilesStep,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_OPTION } from "../providers/pickup-point/service"
import { hasEveryPrice, normalizedPrices, optionPrices, type ShippingOptionPriceRead } from "./utils/shipping-option-prices"
import {
  planPickupPointDeliverySetupStep,
  type PickupPointDeliveryPrice,
  type PickupPointDeliverySetupPlan,
  type PlanPickupPointDeliverySetupInput,
  type SetupPickupPointDeliveryInput,
} from "./steps/plan-pickup-point-delivery-setup"
import { PICKUP_POINT_OPTION_TYPE, PICKUP_POINT_OPTIONS_LOCK_KEY } from "./utils/pickup-point-option-type"

export type { SetupPickupPointDeliveryInput } from "./steps/plan-pickup-point-delivery-setup"

export type SetupPickupPointDeliveryResult = {
  stock_location_id: string
  fulfillment_provider_id: string
  fulfillment_set_id: string
  service_zone_id: string
  shipping_profile_id: string
  shipping_option_type_id: string
  shipping_option_id: string
  /** What this run created or linked; empty when everything existed already. */
  created: ("provider_link" | "fulfillment_set" | "service_zone" | "shipping_profile" | "shipping_option_type" | "shipping_option")[]
  /**
   * Whether the option now has the prices asked for. False when it existed with other prices: a setup
   * never changes an existing option's prices (they may be the store's own, in other currencies too);
   * `option_prices` says what they are, and Medusa's option form changes them. Null when the existing
   * option's prices could not be read.
   */
  prices_applied: boolean | null
  /** The option's prices as they are after this run. */
  option_prices: PickupPointDeliveryPrice[]
}

export const setupPickupPointDeliveryWorkflowId = "pickup-point-setup-delivery-workflow"


/**
 * Everything a stock location needs to sell pickup-point delivery, in one
 * idempotent action: the provider enabled on the location, a shipping
 * fulfillment set with a service zone (covering the countries of the regions
 * the prices are in), the store's one "Pickup point" shipping option type,
 * and the "Pickup point" option where the shopper chooses the point. What
 * exists is reused, so running it again creates nothing.
 */
export const setupPickupPointDeliveryWorkflow = createWorkflow(
  setupPickupPointDeliveryWorkflowId,
  (input: SetupPickupPointDeliveryInput) => {
    // One setup at a time (Medusa's Locking module), so that two at once never make two options, and
    // never alongside a publish that may make the option type too.
    acquireLockStep({ key: PICKUP_POINT_OPTIONS_LOCK_KEY, timeout: 30, ttl: 120 })
    const { data: locations } = useQueryGraphStep({
      entity: "stock_location",
      fields: [
        "id",
        "name",
        "address.country_code",
        "fulfillment_providers.id",
        "fulfillment_sets.id",
        "fulfillment_sets.name",
        "fulfillment_sets.type",
        "fulfillment_sets.service_zones.id",
        "fulfillment_sets.service_zones.name",
        "fulfillment_sets.service_zones.shipping_options.id",
        "fulfillment_sets.service_zones.shipping_options.name",
        "fulfillment_sets.service_zones.shipping_options.provider_id",
        "fulfillment_sets.service_zones.shipping_options.data",
      ],
      filters: { id: input.stock_location_id },
      options: { throwIfKeyNotFound: true },
    }).config({ name: "pickup-point-read-stock-location" })
    const { data: providers } = useQueryGraphStep({ entity: "fulfillment_provider", fields: ["id", "is_enabled"] }).config({
      name: "pickup-point-read-fulfillment-providers",
    })
    const { data: regions } = useQueryGraphStep({ entity: "region", fields: ["id", "currency_code", "countries.iso_2"] }).config({
      name: "pickup-point-read-regions",
    })
    const { data: optionTypes } = useQueryGraphStep({
      entity: "shipping_option_type",
      fields: ["id"],
      filters: { code: PICKUP_POINT_OPTION_TYPE.code },
    }).config({ name: "pickup-point-read-shipping-option-type" })
    const { data: profiles } = useQueryGraphStep({ entity: "shipping_profile", fields: ["id", "type"] }).config({
      name: "pickup-point-read-shipping-profiles",
    })

    const plan = planPickupPointDeliverySetupStep(
      transform({ input, locations, providers, regions, optionTypes, profiles }, (data) => ({
        input: data.input,
        location: data.locations[0],
        providers: data.providers,
        regions: data.regions,
        shipping_option_types: data.optionTypes,
        shipping_profiles: data.profiles,
      })) as unknown as PlanPickupPointDeliverySetupInput
    )

    when("pickup-point-link-provider-to-location", plan, (p) => p.link_provider).then(() => {
      createRemoteLinkStep(
        transform(plan, (p) => [
          {
            [Modules.STOCK_LOCATION]: { stock_location_id: p.stock_location_id },
            [Modules.FULFILLMENT]: { fulfillment_provider_id: p.fulfillment_provider_id },
          },
        ])
      ).config({ name: "pickup-point-link-provider" })
    })

    const createdSet = when("pickup-point-create-fulfillment-set", plan, (p) => !!p.fulfillment_set_to_create).then(() => {
      const sets = createFulfillmentSets(transform(plan, (p) => [p.fulfillment_set_to_create!]))
      createRemoteLinkStep(
        transform({ plan, sets }, ({ plan, sets }) => [
          {
            [Modules.STOCK_LOCATION]: { stock_location_id: plan.stock_location_id },
            [Modules.FULFILLMENT]: { fulfillment_set_id: sets[0].id },
          },
        ])
      ).config({ name: "pickup-point-link-fulfillment-set" })
      return transform(sets, (sets) => sets[0])
    })

    const createdZones = when("pickup-point-create-service-zone", plan, (p) => !!p.service_zone_to_create).then(() =>
      createServiceZonesWorkflow.runAsStep({ input: transform(plan, (p) => ({ data: [p.service_zone_to_create!] })) })
    )

    const createdProfiles = when("pickup-point-create-shipping-profile", plan, (p) => !!p.shipping_profile_to_create).then(() =>
      createShippingProfilesStep(transform(plan, (p) => [p.shipping_profile_to_create!]))
    )

    const createdTypes = when("pickup-point-create-shipping-option-type", plan, (p) => !p.shipping_option_type_id).then(() =>
      createShippingOptionTypesWorkflow.runAsStep({ input: { shipping_option_types: [PICKUP_POINT_OPTION_TYPE] } })
    )

    const resolved = transform({ plan, createdSet, createdZones, createdProfiles, createdTypes }, (data) => {
      const p: PickupPointDeliverySetupPlan = data.plan
      return {
        ...p,
        fulfillment_set_id: p.fulfillment_set_id ?? data.createdSet?.id ?? null,
        service_zone_id: p.service_zone_id ?? data.createdSet?.service_zones?.[0]?.id ?? data.createdZones?.[0]?.id ?? null,
        shipping_profile_id: p.shipping_profile_id ?? data.createdProfiles?.[0]?.id ?? null,
        shipping_option_type_id: p.shipping_option_type_id ?? data.createdTypes?.[0]?.id ?? null,
        shipping_option_type_created: !p.shipping_option_type_id,
      }
    })

    const createdOptions = when("pickup-point-create-shipping-option", resolved, (r) => !r.shipping_option_id).then(() =>
      createShippingOptionsWorkflow.runAsStep({
        input: transform(resolved, (r) => [
          {
            name: r.option_name,
            service_zone_id: r.service_zone_id!,
            shipping_profile_id: r.shipping_profile_id!,
            provider_id: r.fulfillment_provider_id,
            price_type: "flat" as const,
            type_id: r.shipping_option_type_id!,
            data: { ...PICKUP_POINT_OPTION },
            prices: r.prices,
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
              { attribute: "is_return", value: "false", operator: "eq" as const },
            ],
          },
        ]),
      })
    )

    // An existing option keeps its prices; read to say whether they are the ones asked for.
    const existingPrices = when("pickup-point-read-existing-option-prices", plan, (p) => !!p.shipping_option_id).then(() => {
      const { data } = useQueryGraphStep({
        entity: "shipping_option",
        fields: ["id", "prices.currency_code", "prices.amount", "prices.price_rules.attribute", "prices.price_rules.value"],
        filters: transform(plan, (p) => ({ id: p.shipping_option_id! })),
      }).config({ name: "pickup-point-read-option-prices" })
      // Query reads the prices through the option's price set link, which its entity type does not declare.
      return transform(data, (options) => optionPrices(((options[0] as { prices?: ShippingOptionPriceRead[] } | undefined)?.prices ?? [])))
    })

    releaseLockStep({ key: PICKUP_POINT_OPTIONS_LOCK_KEY })

    return new WorkflowResponse(
      transform({ resolved, createdOptions, existingPrices }, ({ resolved, createdOptions, existingPrices }): SetupPickupPointDeliveryResult => {
        const created: SetupPickupPointDeliveryResult["created"] = []
        if (resolved.link_provider) created.push("provider_link")
        if (resolved.fulfillment_set_to_create) created.push("fulfillment_set", "service_zone")
        if (resolved.service_zone_to_create) created.push("service_zone")
        if (resolved.shipping_profile_to_create) created.push("shipping_profile")
        if (resolved.shipping_option_type_created) created.push("shipping_option_type")
        if (!resolved.shipping_option_id) created.push("shipping_option")
        return {
          stock_location_id: resolved.stock_location_id,
          fulfillment_provider_id: resolved.fulfillment_provider_id,
          fulfillment_set_id: resolved.fulfillment_set_id!,
          service_zone_id: resolved.service_zone_id!,
          shipping_profile_id: resolved.shipping_profile_id!,
          shipping_option_type_id: resolved.shipping_option_type_id!,
          shipping_option_id: resolved.shipping_option_id ?? createdOptions![0].id,
          created,
          prices_applied: !resolved.shipping_option_id ? true : existingPrices?.length ? hasEveryPrice(existingPrices, resolved.prices) : null,
          option_prices: resolved.shipping_option_id ? (existingPrices ?? []) : normalizedPrices(resolved.prices),
        }
      })
    )
  }
)
