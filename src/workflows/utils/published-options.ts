import type { FindConfig, MedusaContainer, ShippingOptionDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { PickupPointDTO } from "../../modules/pickup-point/types"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

/** How a published point's shipping option is named: what the store's list shows shoppers. */
export const PUBLISHED_OPTION_NAME_PREFIX = "Pickup point: "
export const publishedOptionName = (point: Pick<PickupPointDTO, "name" | "address" | "city">) =>
  `${PUBLISHED_OPTION_NAME_PREFIX}${point.name}, ${point.address}, ${point.city}`

/**
 * The shipping options published for these points (`data.pickup_point_code`),
 * each with its point's code. Published options are few next to a catalog:
 * they are read first (the plugin's provider's alone), then only their points.
 */
export async function listPublishedOptions(
  container: MedusaContainer,
  codes: Iterable<string>,
  config: FindConfig<ShippingOptionDTO>
): Promise<{ option: ShippingOptionDTO; code: string }[]> {
  const wanted = new Set(codes)
  if (!wanted.size) return []
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  // The plugin's provider's options only: a store's other options (home delivery, returns) are not read.
  const providers = (await fulfillment.listFulfillmentProviders({}, { select: ["id"] })).map((provider) => provider.id).filter(isPickupPointProvider)
  if (!providers.length) return []
  // Medusa's own admin route filters the list by provider_id so; the filter's type does not name it.
  const byProvider = { provider_id: providers } as Parameters<typeof fulfillment.listShippingOptions>[0]
  const options = await fulfillment.listShippingOptions(byProvider, config)
  return options.flatMap((option) => {
    const code = isPickupPointProvider(option.provider_id) ? pickupPointCodeOf(option.data ?? undefined) : undefined
    return code && wanted.has(code) ? [{ option, code }] : []
  })
}
