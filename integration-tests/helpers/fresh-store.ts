import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { adminHeaders } from "./admin-session"
import { seedStore, type SeededStore } from "./seed-store"

export type FreshStore = {
  store: SeededStore
  admin: { headers: { authorization: string } }
  pickupPoints: PickupPointModuleService
}

/**
 * What each end-to-end test starts from: a reset sandbox, a seeded store, an
 * admin session, and one pickup point in the catalog (through the admin API).
 */
export async function freshStore(
  container: MedusaContainer,
  api: AxiosInstance,
  sandboxControl: AxiosInstance,
  point: Record<string, unknown>
): Promise<FreshStore> {
  await sandboxControl.post("/reset")
  const store = await seedStore(container)
  const admin = await adminHeaders(container, api)
  const created = await api.post("/admin/pickup-points", point, admin)
  if (created.status !== 201) throw new Error(`Could not create the pickup point: ${JSON.stringify(created.data)}`)
  return { store, admin, pickupPoints: container.resolve(PICKUP_POINT_MODULE) }
}
