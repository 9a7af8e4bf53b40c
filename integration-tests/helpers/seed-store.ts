import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

export const PROVIDER_ID = "pickup-point_pickup-point"

/** A store as a new merchant has it before any shipping set-up: a region, a sales channel with its key, one stock location. */
export async function bareStore(container: MedusaContainer) {
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Italy", currency_code: "eur", countries: ["it"], payment_providers: ["pp_system_default"] }] },
  })
  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web shop" }] } })
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Milano", address: { address_1: "Via Mecenate 76", city: "Milano", country_code: "it" } }] },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })
  return { region, salesChannel, location, storeHeaders: { headers: { "x-publishable-api-key": apiKey.token } } }
}

/**
 * A store as a merchant sets it up, through Medusa's own workflows: an
 * Italian region, a sales channel with a publishable key, a Milano stock
 * location with the pickup-point and manual providers, a "Pickup point" and
 * a "Home delivery" shipping option, and a product whose variant has weight
 * and dimensions.
 */
export async function seedStore(container: MedusaContainer) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const { region, salesChannel, location, storeHeaders } = await bareStore(container)
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: PROVIDER_ID },
  })

  const {
    result: [profile],
  } = await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } })
  const fulfillmentSet = await container.resolve(Modules.FULFILLMENT).createFulfillmentSets({
    name: "Milano shipping",
    type: "shipping",
    service_zones: [{ name: "Italy", geo_zones: [{ type: "country", country_code: "it" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const {
    result: [shippingOption, homeDeliveryOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      flatOption("Pickup point", PROVIDER_ID, { id: "pickup-point" }, "Collect it at a pickup point", 4.9),
      flatOption("Home delivery", "manual_manual", { id: "manual-fulfillment" }, "Delivered to your door", 6.9),
    ].map((option) => ({
      ...option,
      service_zone_id: fulfillmentSet.service_zones[0].id,
      shipping_profile_id: profile.id,
    })),
  })

  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Sneakers",
          status: "published",
          shipping_profile_id: profile.id,
          sales_channels: [{ id: salesChannel.id }],
          options: [{ title: "Size", values: ["42"] }],
          variants: [
            {
              title: "42",
              sku: "SNK-42",
              options: { Size: "42" },
              manage_inventory: false,
              weight: 900,
              length: 30,
              height: 12,
              width: 20,
              prices: [{ currency_code: "eur", amount: 59.9 }],
            },
          ],
        },
      ],
    },
  })

  return {
    region,
    salesChannel,
    location,
    shippingOption,
    homeDeliveryOption,
    variant: product.variants[0],
    storeHeaders,
  }
}

export type SeededStore = Awaited<ReturnType<typeof seedStore>>

/**
 * A second shipping profile ("Bulky") in the same zone, with its own
 * pickup-point and home-delivery options and a product: a cart with an item
 * of each profile needs a shipping method per profile.
 */
export async function addBulkyProfile(container: MedusaContainer, store: SeededStore) {
  const {
    result: [profile],
  } = await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Bulky", type: "bulky" }] } })
  const {
    result: [pickupOption, homeDeliveryOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      flatOption("Bulky pickup point", PROVIDER_ID, { id: "pickup-point" }, "Collect it at a pickup point", 9.9),
      flatOption("Bulky home delivery", "manual_manual", { id: "manual-fulfillment" }, "Delivered to your door", 19.9),
    ].map((option) => ({ ...option, service_zone_id: store.shippingOption.service_zone_id, shipping_profile_id: profile.id })),
  })
  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Bookcase",
          status: "published",
          shipping_profile_id: profile.id,
          sales_channels: [{ id: store.salesChannel.id }],
          options: [{ title: "Colour", values: ["Oak"] }],
          variants: [{ title: "Oak", sku: "BKC-OAK", options: { Colour: "Oak" }, manage_inventory: false, weight: 25000, prices: [{ currency_code: "eur", amount: 149 }] }],
        },
      ],
    },
  })
  return { profile, pickupOption, homeDeliveryOption, variant: product.variants[0] }
}

function flatOption(name: string, providerId: string, data: Record<string, unknown>, description: string, amount: number) {
  return {
    name,
    provider_id: providerId,
    price_type: "flat" as const,
    type: { label: name, description, code: name.toLowerCase().replace(/\s+/g, "-") },
    data,
    prices: [{ currency_code: "eur", amount }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
      { attribute: "is_return", value: "false", operator: "eq" as const },
    ],
  }
}

/**
 * Polls until `check` returns something truthy, or fails after `timeoutMs`. The default leaves room
 * for work an event starts (a placed order's shipment, after its batch window) on a machine where
 * the other test file and a browser share the two cores: CI once saw an order.placed handled 10 s
 * after the order. A check that passes returns at once, whatever the bound.
 */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
