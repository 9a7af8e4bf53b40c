import type { AxiosInstance } from "axios"
import type { SeededStore } from "./seed-store"
import type { PlacedOrder } from "./store-checkout"

/** "Fulfill items" in the admin, for every item of the order; answers the new fulfillment's id. */
export async function fulfillOrder(
  api: AxiosInstance,
  admin: { headers: { authorization: string } },
  store: SeededStore,
  order: PlacedOrder
): Promise<string> {
  await api.post(
    `/admin/orders/${order.id}/fulfillments`,
    { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })), location_id: store.location.id },
    admin
  )
  const {
    data: { order: fulfilled },
  } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, admin)
  return fulfilled.fulfillments[0].id
}
