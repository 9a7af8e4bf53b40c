import type { AxiosInstance } from "axios"
import type { SeededStore } from "./seed-store"

export type CheckoutOptions = {
  /** The point sent with the shipping method; null sends no data (a published point's or another provider's option). */
  pickupPointCode?: string | null
  /**
   * The shipping address's phone; null takes it out of the address once the
   * payment session exists (the session is refused for a pickup-point cart
   * without one), as a shopper who edits the address at the review step.
   */
  phone?: string | null
  optionId?: string
  quantity?: number
  address?: { first_name: string; last_name: string; address_1: string; city: string; postal_code: string }
  /** Runs just before the cart is completed. */
  beforeComplete?: () => Promise<void>
}

export type PlacedOrder = { id: string; display_id: number; items: { id: string; quantity: number }[] }

/** The calls a storefront makes through the store API, from a new cart to a placed order. */
export async function checkoutThroughStoreApi(
  api: AxiosInstance,
  store: SeededStore,
  options: CheckoutOptions = {}
): Promise<PlacedOrder> {
  const cartId = await prepareCart(api, store, options)
  await options.beforeComplete?.()
  const { data } = await api.post(`/store/carts/${cartId}/complete`, {}, store.storeHeaders)
  if (data.type !== "order") {
    throw new Error(`The cart was not completed: ${JSON.stringify(data.error ?? data)}`)
  }
  return data.order
}

/** A cart ready to complete: items, address, the shipping method, a payment session. */
export async function prepareCart(api: AxiosInstance, store: SeededStore, options: CheckoutOptions = {}): Promise<string> {
  const { storeHeaders } = store
  const address = options.address ?? { first_name: "Maria", last_name: "Bianchi", address_1: "Via Torino 10", city: "Milano", postal_code: "20123" }
  const {
    data: { cart },
  } = await api.post(
    "/store/carts",
    {
      region_id: store.region.id,
      sales_channel_id: store.salesChannel.id,
      email: "maria.bianchi@example.com",
      items: [{ variant_id: store.variant.id, quantity: options.quantity ?? 2 }],
      shipping_address: {
        ...address,
        phone: options.phone ?? "+39 333 1234567",
        country_code: "it",
      },
    },
    storeHeaders
  )
  const optionId = options.optionId ?? store.shippingOption.id
  const { data: listed } = await api.get(`/store/shipping-options?cart_id=${cart.id}`, storeHeaders)
  if (!listed.shipping_options.some((o: { id: string }) => o.id === optionId)) {
    throw new Error(`Shipping option ${optionId} is not offered for the cart`)
  }
  await api.post(
    `/store/carts/${cart.id}/shipping-methods`,
    options.pickupPointCode === null
      ? { option_id: optionId }
      : { option_id: optionId, data: { pickup_point_code: options.pickupPointCode ?? "PP-MI-001" } },
    storeHeaders
  )
  const {
    data: { payment_collection },
  } = await api.post("/store/payment-collections", { cart_id: cart.id }, storeHeaders)
  await api.post(`/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders)
  if (options.phone === null) {
    // The same address without a phone: the cart's total does not change, so the session stays.
    await api.post(`/store/carts/${cart.id}`, { shipping_address: { ...address, country_code: "it" } }, storeHeaders)
  }
  return cart.id
}
