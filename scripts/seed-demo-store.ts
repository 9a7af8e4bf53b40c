import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore } from "../integration-tests/helpers/seed-store"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { demoSeed } from "../src/sandbox"
import { publishPickupPointShippingOptionsWorkflow } from "../src/workflows"

/** Where the sandbox's demo points are, for the catalog's nearest-point search. */
const COORDINATES: Record<string, [number, number]> = {
  "PP-MI-001": [45.4642, 9.19],
  "PP-MI-002": [45.452, 9.176],
  "PP-RM-001": [41.883, 12.47],
  "PP-TO-001": [45.062, 7.678],
  "LK-MI-100": [45.486, 9.204],
}

/**
 * `medusa exec scripts/seed-demo-store.ts` (run by `npm run demo`): a store
 * that sells pickup-point delivery against the sandbox's demo merchant. Runs
 * once; later runs leave the store as it is.
 */
export default async function seedDemoStore({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  if ((await pickupPoints.listPickupPoints({}, { take: 1 })).length) {
    logger.info("[demo] the demo store is seeded already")
    return
  }

  const store = await seedStore(container)
  const points = await pickupPoints.createPickupPoints(
    demoSeed().pickupPoints.map((point) => ({
      code: point.code,
      public_code: point.publicCode,
      name: point.name,
      address: point.address,
      city: point.city,
      postcode: point.zipcode,
      province: point.department,
      country_code: point.country.toLowerCase(),
      latitude: COORDINATES[point.code]?.[0],
      longitude: COORDINATES[point.code]?.[1],
      opening_hours: { mon: ["09:00-19:00"], tue: ["09:00-19:00"], wed: ["09:00-19:00"], thu: ["09:00-19:00"], fri: ["09:00-19:00"], sat: ["09:00-13:00"] },
      network_code: point.networkCode,
      network_name: point.networkName,
      requires_verification_code: point.requiresVerificationCode,
    }))
  )

  // Two points as options of their own, for a storefront with no picker (the Next.js starter as it ships),
  // at the price of the option whose point the shopper chooses: the same delivery costs the same.
  await publishPickupPointShippingOptionsWorkflow(container).run({
    input: {
      pickup_point_ids: points.filter((p) => p.code === "PP-MI-001" || p.code === "PP-RM-001").map((p) => p.id),
      service_zone_id: store.shippingOption.service_zone_id,
      shipping_profile_id: store.shippingOption.shipping_profile_id,
      prices: [{ currency_code: "eur", amount: 4.9 }],
    },
  })
  logger.info(
    `[demo] store seeded: region Italy (EUR), ${points.length} pickup points, publishable key ${store.storeHeaders.headers["x-publishable-api-key"]}`
  )
}
