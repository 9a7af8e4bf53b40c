import { writeFileSync } from "node:fs"
import { createUserAccountWorkflow } from "@medusajs/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { seedStore } from "../../integration-tests/helpers/seed-store"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { demoSeed } from "../../src/sandbox"

/**
 * `medusa exec test-support/topology/seed-topology-store.ts`: the store the
 * integration tests use, the sandbox's demo points in the catalog, and an
 * admin user; what the soak needs is written as JSON to TOPOLOGY_SEED_OUT.
 */
export default async function seedTopologyStore({ container }: ExecArgs) {
  const store = await seedStore(container)
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  await pickupPoints.createPickupPoints(
    demoSeed().pickupPoints.map((point) => ({
      code: point.code,
      public_code: point.publicCode,
      name: point.name,
      address: point.address,
      city: point.city,
      postcode: point.zipcode,
      province: point.department,
      country_code: point.country.toLowerCase(),
      network_code: point.networkCode,
      network_name: point.networkName,
      requires_verification_code: point.requiresVerificationCode,
    }))
  )

  const admin = { email: "soak-admin@medusa-test.com", password: "soak-secret" }
  const { success, authIdentity, error } = await container.resolve(Modules.AUTH).register("emailpass", { body: admin })
  if (!success || !authIdentity) {
    throw new Error(`Could not register the admin identity: ${error}`)
  }
  await createUserAccountWorkflow(container).run({ input: { authIdentityId: authIdentity.id, userData: { email: admin.email } } })

  const out = process.env.TOPOLOGY_SEED_OUT
  if (!out) throw new Error("TOPOLOGY_SEED_OUT is not set")
  writeFileSync(out, JSON.stringify({ store, admin }))
}
