import { z } from "@medusajs/framework/zod"
import { pickupPointInputSchema } from "../modules/pickup-point/lib/pickup-point-schema"

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

export const AdminCreatePickupPoint = pickupPointInputSchema
export type AdminCreatePickupPointType = z.infer<typeof AdminCreatePickupPoint>

export const AdminUpdatePickupPoint = pickupPointInputSchema.partial().omit({ code: true })
export type AdminUpdatePickupPointType = z.infer<typeof AdminUpdatePickupPoint>

export const AdminImportPickupPoints = z.object({ csv: z.string().min(1, "must hold the CSV text") }).strict()
export type AdminImportPickupPointsType = z.infer<typeof AdminImportPickupPoints>

export const AdminPublishPickupPoints = z
  .object({
    pickup_point_ids: z.array(text).min(1).max(200),
    service_zone_id: text,
    shipping_profile_id: text,
    prices: z
      .array(
        z.union([
          z.object({ currency_code: z.string().trim().length(3), amount: z.number().nonnegative() }).strict(),
          z.object({ region_id: text, amount: z.number().nonnegative() }).strict(),
        ])
      )
      .min(1, "must give at least one price"),
  })
  .strict()
export type AdminPublishPickupPointsType = z.infer<typeof AdminPublishPickupPoints>

export const AdminListShipments = z.object({ order_id: text.optional(), ...page })
export type AdminListShipmentsType = z.infer<typeof AdminListShipments>

export const AdminHandover = z.object({ verification_code: z.string().trim().min(1).max(32).optional() }).strict()
export type AdminHandoverType = z.infer<typeof AdminHandover>

export const AdminReportTracking = z
  .object({
    status_code: z
      .string()
      .trim()
      .regex(/^ST_?\d{1,4}$/i, "must be a status code such as ST_0005")
      .refine((code) => !/^ST_?0*7$/i.test(code), "a handover (ST_0007) goes through POST /admin/pickup-point/shipments/:id/handover"),
    status_description: z.string().trim().min(1).max(200),
  })
  .strict()
export type AdminReportTrackingType = z.infer<typeof AdminReportTracking>

export const AdminCancelShipment = z.object({ notes: z.string().trim().max(500).optional() }).strict()
export type AdminCancelShipmentType = z.infer<typeof AdminCancelShipment>

export const AdminSetupPickupPointDelivery = z
  .object({
    stock_location_id: text,
    prices: AdminPublishPickupPoints.shape.prices,
    shipping_profile_id: text.optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
export type AdminSetupPickupPointDeliveryType = z.infer<typeof AdminSetupPickupPointDelivery>
