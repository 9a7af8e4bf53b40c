import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isPickupPointProvider, PICKUP_POINT_OPTION, pickupPointCodeOf } from "../../providers/pickup-point/service"

export type PickupPointDeliveryPrice = { currency_code: string; amount: number } | { region_id: string; amount: number }

export type SetupPickupPointDeliveryInput = {
  stock_location_id: string
  prices: PickupPointDeliveryPrice[]
  /** The store's default shipping profile when left out. */
  shipping_profile_id?: string
  /** The option's name as shoppers see it; "Pickup point" when left out. */
  name?: string
}

type ShippingOptionRead = { id: string; name: string; provider_id: string | null; data: Record<string, unknown> | null }
type ServiceZoneRead = { id: string; name: string; shipping_options?: ShippingOptionRead[] | null }
type FulfillmentSetRead = { id: string; name: string; type: string; service_zones?: ServiceZoneRead[] | null }

export type PlanPickupPointDeliverySetupInput = {
  input: SetupPickupPointDeliveryInput
  location: {
    id: string
    name: string
    address?: { country_code?: string | null } | null
    fulfillment_providers?: { id: string }[] | null
    fulfillment_sets?: FulfillmentSetRead[] | null
  }
  providers: { id: string; is_enabled?: boolean | null }[]
  regions: { id: string; currency_code: string; countries?: { iso_2: string }[] | null }[]
  shipping_option_types: { id: string }[]
  shipping_profiles: { id: string; type: string }[]
}

/** What exists already and what the setup must create; every `..._to_create` is absent when nothing is missing. */
export type PickupPointDeliverySetupPlan = {
  stock_location_id: string
  fulfillment_provider_id: string
  link_provider: boolean
  fulfillment_set_id: string | null
  fulfillment_set_to_create: {
    name: string
    type: "shipping"
    service_zones: { name: string; geo_zones: { type: "country"; country_code: string }[] }[]
  } | null
  service_zone_id: string | null
  service_zone_to_create: { fulfillment_set_id: string; name: string; geo_zones: { type: "country"; country_code: string }[] } | null
  shipping_profile_id: string | null
  shipping_profile_to_create: { name: string; type: "default" } | null
  shipping_option_type_id: string | null
  shipping_option_id: string | null
  option_name: string
  prices: PickupPointDeliveryPrice[]
}

export const planPickupPointDeliverySetupStepId = "pickup-point-plan-delivery-setup"

/**
 * Compares the stock location with what selling pickup-point delivery needs
 * (the provider enabled, a shipping fulfillment set with a service zone, a
 * shipping profile, the "Pickup point" option type and option), reusing what
 * exists so that running the setup again creates nothing.
 * No compensation: it only reads what the workflow read.
 */
export const planPickupPointDeliverySetupStep = createStep(
  planPickupPointDeliverySetupStepId,
  async ({ input, location, providers, regions, shipping_option_types, shipping_profiles }: PlanPickupPointDeliverySetupInput) => {
    // Medusa disables, rather than deletes, providers no longer in medusa-config.
    const provider = providers.find((p) => p.is_enabled !== false && isPickupPointProvider(p.id))
    if (!provider) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The pickup-point fulfillment provider is not registered: add it to the fulfillment module's providers in medusa-config."
      )
    }
    if (input.shipping_profile_id && !shipping_profiles.some((p) => p.id === input.shipping_profile_id)) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipping profile ${input.shipping_profile_id} was not found`)
    }
    const unknownRegions = input.prices.flatMap((price) =>
      "region_id" in price && !regions.some((r) => r.id === price.region_id) ? [price.region_id] : []
    )
    if (unknownRegions.length) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Region ${unknownRegions.join(", ")} was not found`)
    }

    const shippingSets = (location.fulfillment_sets ?? []).filter((set) => set.type === "shipping")
    const zones = shippingSets.flatMap((set) => set.service_zones ?? [])
    const existingOption = zones
      .flatMap((zone) => zone.shipping_options ?? [])
      .find((o) => isPickupPointProvider(o.provider_id) && o.data?.id === PICKUP_POINT_OPTION.id && !pickupPointCodeOf(o.data ?? undefined))
    const zone = zones.find((z) => z.shipping_options?.some((o) => o.id === existingOption?.id)) ?? zones[0]
    // A price no region sells in could never be paid: refused rather than stored on a new option. A setup run
    // again over an existing option sets no price, so it is not refused for prices it would not set anyway.
    const soldIn = [...new Set(regions.map((r) => r.currency_code.toLowerCase()))].sort()
    const unsold = input.prices.flatMap((price) =>
      "currency_code" in price && !soldIn.includes(price.currency_code.toLowerCase()) ? [price.currency_code.toUpperCase()] : []
    )
    if (!existingOption && unsold.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `No region sells in ${unsold.join(", ")}, so shoppers could never pay that price: ` +
          (soldIn.length
            ? `use the currency of one of your regions (${soldIn.map((c) => c.toUpperCase()).join(", ")}), or create a region for it first.`
            : "create a region first (Settings → Regions).")
      )
    }
    const geoZones = zone ? [] : countriesSoldIn(input.prices, regions, location).map((country_code) => ({ type: "country" as const, country_code }))
    if (!zone && !geoZones.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The regions that sell in the prices' currencies have no countries, and the stock location has none: add countries to the region, or give the location an address."
      )
    }
    const zoneName = `${location.name} pickup points`
    const profile = input.shipping_profile_id
      ? shipping_profiles.find((p) => p.id === input.shipping_profile_id)
      : shipping_profiles.find((p) => p.type === "default")

    const plan: PickupPointDeliverySetupPlan = {
      stock_location_id: location.id,
      fulfillment_provider_id: provider.id,
      link_provider: !(location.fulfillment_providers ?? []).some((p) => p.id === provider.id),
      fulfillment_set_id: shippingSets[0]?.id ?? null,
      fulfillment_set_to_create: shippingSets.length
        ? null
        : { name: `${location.name} shipping`, type: "shipping", service_zones: [{ name: zoneName, geo_zones: geoZones }] },
      service_zone_id: zone?.id ?? null,
      service_zone_to_create:
        zone || !shippingSets.length ? null : { fulfillment_set_id: shippingSets[0].id, name: zoneName, geo_zones: geoZones },
      shipping_profile_id: profile?.id ?? null,
      shipping_profile_to_create: profile ? null : { name: "Default Shipping Profile", type: "default" },
      shipping_option_type_id: shipping_option_types[0]?.id ?? null,
      shipping_option_id: existingOption?.id ?? null,
      option_name: input.name ?? "Pickup point",
      prices: input.prices,
    }
    return new StepResponse(plan)
  }
)

/** The countries of the regions the prices are in (by region or currency), else the location's own country. */
function countriesSoldIn(
  prices: PickupPointDeliveryPrice[],
  regions: PlanPickupPointDeliverySetupInput["regions"],
  location: PlanPickupPointDeliverySetupInput["location"]
): string[] {
  const matching = regions.filter((region) =>
    prices.some((price) =>
      "region_id" in price ? price.region_id === region.id : price.currency_code.toLowerCase() === region.currency_code.toLowerCase()
    )
  )
  const countries = new Set(matching.flatMap((region) => (region.countries ?? []).map((c) => c.iso_2.toLowerCase())))
  if (!countries.size && location.address?.country_code) {
    countries.add(location.address.country_code.toLowerCase())
  }
  return [...countries].sort()
}
