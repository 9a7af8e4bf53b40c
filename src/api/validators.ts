import { z } from "@medusajs/framework/zod"

const text = z.string().trim().min(1)
const page = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
}

export const StoreSearchPickupPoints = z
  .object({
    q: z.string().trim().max(100).optional(),
    postcode: z.string().trim().max(20).optional(),
    city: z.string().trim().max(100).optional(),
    country_code: z.string().trim().length(2).optional(),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    radius_km: z.coerce.number().positive().max(500).default(25),
    ...page,
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["latitude"],
  })
export type StoreSearchPickupPointsType = z.infer<typeof StoreSearchPickupPoints>

export const AdminListPickupPoints = z.object({
  q: z.string().trim().max(100).optional(),
  is_active: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  ...page,
})
export type AdminListPickupPointsType = z.infer<typeof AdminListPickupPoints>

const openingHours = z.partialRecord(
  z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
  z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm-HH:mm"))
)

const pickupPointFields = {
  code: text,
  public_code: text.nullish(),
  name: text,
  address: text,
  city: text,
  postcode: text,
  province: text.nullish(),
  country_code: z.string().trim().length(2, "must be an ISO 3166-1 alpha-2 code").transform((c) => c.toLowerCase()),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  opening_hours: openingHours.nullish(),
  network_code: text.nullish(),
  network_name: text.nullish(),
  requires_verification_code: z.boolean().optional(),
  is_active: z.boolean().optional(),
}

export const AdminCreatePickupPoint = z.object(pickupPointFields).strict()
export type AdminCreatePickupPointType = z.infer<typeof AdminCreatePickupPoint>

export const AdminUpdatePickupPoint = z.object(pickupPointFields).partial().omit({ code: true }).strict()
export type AdminUpdatePickupPointType = z.infer<typeof AdminUpdatePickupPoint>

export const AdminListShipments = z.object({ order_id: text.optional(), ...page })
export type AdminListShipmentsType = z.infer<typeof AdminListShipments>

export const AdminCancelShipment = z.object({ notes: z.string().trim().max(500).optional() }).strict()
export type AdminCancelShipmentType = z.infer<typeof AdminCancelShipment>
