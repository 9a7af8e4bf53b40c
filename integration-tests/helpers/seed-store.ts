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

/**
 * A store as a merchant sets it up, through Medusa's own workflows: an
 * Italian region, a sales channel with a publishable key, a Milano stock
 * location with the pickup-point provider and a "Pickup point" shipping
 * option, and a product whose variant has weight and dimensions.
 */
export async function seedStore(container: MedusaContainer) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)

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
  const {
    result: [shippingOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Pickup point",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: profile.id,
        provider_id: PROVIDER_ID,
        price_type: "flat",
        type: { label: "Pickup point", description: "Collect it at a pickup point", code: "pickup-point" },
        data: { id: "pickup-point" },
        prices: [{ currency_code: "eur", amount: 4.9 }],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
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
    variant: product.variants[0],
    storeHeaders: { headers: { "x-publishable-api-key": apiKey.token } },
  }
}

export type SeededStore = Awaited<ReturnType<typeof seedStore>>

/** Polls until `check` returns something truthy, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
