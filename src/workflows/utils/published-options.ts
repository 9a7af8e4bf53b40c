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
 * they are read first, then only their points.
 */
export async function listPublishedOptions(
  container: MedusaContainer,
  codes: Iterable<string>,
  config: FindConfig<ShippingOptionDTO>
): Promise<{ option: ShippingOptionDTO; code: string }[]> {
  const wanted = new Set(codes)
  if (!wanted.size) return []
  const options = await container.resolve(Modules.FULFILLMENT).listShippingOptions({}, config)
  return options.flatMap((option) => {
    const code = isPickupPointProvider(option.provider_id) ? pickupPointCodeOf(option.data ?? undefined) : undefined
    return code && wanted.has(code) ? [{ option, code }] : []
  })
}
