import Medusa from "@medusajs/js-sdk"
import { createPickupPointStoreApi, PICKUP_POINT_CART_FIELDS, sdkStoreRequest } from "medusa-pickup-point/storefront"

/** Set when the storefront is built: `npm run demo` passes the store's URL and publishable key. */
export const MEDUSA_URL = import.meta.env.STOREFRONT_MEDUSA_URL || "http://localhost:9000"
export const PUBLISHABLE_KEY = import.meta.env.STOREFRONT_PUBLISHABLE_KEY || ""

export const sdk = new Medusa({ baseUrl: MEDUSA_URL, publishableKey: PUBLISHABLE_KEY })

/** The plugin's store calls, through the same js-sdk instance (its key and session apply). */
export const pickupPoints = createPickupPointStoreApi(sdkStoreRequest(sdk))

export const formatPrice = (amount: number | null | undefined, currency = "eur", locale = "en-IE") =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(Number(amount ?? 0))

/** Every cart the checkout reads: its shipping methods' data, where the chosen point is, and their names (not in Medusa's defaults). */
export const CART_FIELDS = `${PICKUP_POINT_CART_FIELDS},+shipping_methods.name`

/** The order as the confirmation shows it: its lines, its delivery with the chosen point, and its address. */
export const ORDER_FIELDS = "+status,*items,*shipping_methods,+shipping_methods.data,*shipping_address"
