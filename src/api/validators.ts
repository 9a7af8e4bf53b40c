import { z } from "@medusajs/framework/zod"
import { pickupPointFieldsSchema, pickupPointInputSchema } from "../modules/pickup-point/lib/pickup-point-schema"
import { isStorableText, unstorableTextError } from "../modules/pickup-point/lib/storable-text"
import { SEARCH_COUNT_CAP } from "../modules/pickup-point/lib/search"
import { SHIPMENT_STATUSES, TRACKING_STAGES, type TrackingStage } from "../modules/pickup-point/lib/statuses"

/** Every string of every route: no NUL byte or lone surrogate reaches PostgreSQL (except the CSV, checked per row). */
const string = () => z.string().refine(isStorableText, { error: unstorableTextError })
const text = string().trim().min(1).max(200)
const page = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
}

/** A latitude or longitude; an empty parameter (`latitude=`) is no coordinate, not 0. */
const coordinate = (bound: number) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().min(-bound).max(bound).optional())

export const StoreSearchPickupPoints = z
  .object({
    q: string().trim().max(100).optional(),
    postcode: string().trim().max(20).optional(),
    city: string().trim().max(100).optional(),
    country_code: string().trim().length(2).optional(),
    latitude: coordinate(90),
    longitude: coordinate(180),
    radius_km: z.coerce.number().positive().max(500).default(25),
    limit: page.limit,
    // A shopper pages through the first matches of a broad search, not the whole catalog: its count stops at the cap too.
    offset: page.offset.refine((offset) => offset <= SEARCH_COUNT_CAP, { error: `offset must be at most ${SEARCH_COUNT_CAP}: narrow the search instead` }),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["latitude"],
  })
export type StoreSearchPickupPointsType = z.infer<typeof StoreSearchPickupPoints>

export const AdminListPickupPoints = z
  .object({
    q: string().trim().max(100).optional(),
    country_code: string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: "country_code must be an ISO 3166-1 alpha-2 code such as IT" })
      .optional(),
    is_active: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
    // Nearest this coordinate first (the change of a shipment's point lists those around its current one).
    latitude: coordinate(90),
    longitude: coordinate(180),
    radius_km: z.coerce.number().positive().max(500).optional(),
    ...page,
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["latitude"],
  })
  .refine((q) => q.radius_km === undefined || q.latitude !== undefined, {
    message: "radius_km needs latitude and longitude: the points within it of that coordinate are listed",
    path: ["radius_km"],
  })
export type AdminListPickupPointsType = z.infer<typeof AdminListPickupPoints>

export const AdminCreatePickupPoint = pickupPointInputSchema
export type AdminCreatePickupPointType = z.infer<typeof AdminCreatePickupPoint>

// Checked field by field: whether the point keeps both coordinates or neither is checked against its stored ones.
export const AdminUpdatePickupPoint = pickupPointFieldsSchema.partial().omit({ code: true })
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
          z.object({ currency_code: string().trim().length(3), amount: z.number().nonnegative() }).strict(),
          z.object({ region_id: text, amount: z.number().nonnegative() }).strict(),
        ])
      )
      .min(1, "must give at least one price"),
  })
  .strict()
export type AdminPublishPickupPointsType = z.infer<typeof AdminPublishPickupPoints>

export const AdminListShipments = z.object({
  // The admin's bulk actions read the chosen shipments again, as they are now, by their ids.
  id: z.union([text, z.array(text).max(100)]).optional(),
  order_id: text.optional(),
  // Part of the order number, the carrier's order reference or tracking number, or the pickup point's code.
  q: string().trim().max(100).optional(),
  status: z.union([z.enum(SHIPMENT_STATUSES), z.array(z.enum(SHIPMENT_STATUSES))]).optional(),
  stage: z.enum(Object.keys(TRACKING_STAGES) as [TrackingStage, ...TrackingStage[]]).optional(),
  // Only the shipments that need attention can be asked for; leaving it out lists them all.
  needs_attention: z
    .literal("true", { error: "needs_attention takes only true: leave it out to list every shipment" })
    .transform(() => true)
    .optional(),
  ...page,
})
export type AdminListShipmentsType = z.infer<typeof AdminListShipments>

export const AdminListServiceCalls = z.object({ ...page }).strict()
export type AdminListServiceCallsType = z.infer<typeof AdminListServiceCalls>

export const AdminHandover = z.object({ verification_code: string().trim().min(1).max(32).optional() }).strict()
export type AdminHandoverType = z.infer<typeof AdminHandover>

export const AdminReportTracking = z
  .object({
    status_code: string()
      .trim()
      .regex(/^ST_?\d{1,4}$/i, "must be a status code such as ST_0005")
      .refine((code) => !/^ST_?0*7$/i.test(code), "a handover (ST_0007) goes through POST /admin/pickup-point/shipments/:id/handover"),
    status_description: string().trim().min(1).max(200),
  })
  .strict()
export type AdminReportTrackingType = z.infer<typeof AdminReportTracking>

export const AdminCancelShipment = z.object({ notes: string().trim().max(500).optional() }).strict()
export type AdminCancelShipmentType = z.infer<typeof AdminCancelShipment>

export const AdminChangeShipmentPickupPoint = z
  .object({ pickup_point_code: string().trim().min(1).max(64), note: string().trim().max(500).optional() })
  .strict()
export type AdminChangeShipmentPickupPointType = z.infer<typeof AdminChangeShipmentPickupPoint>

export const AdminPrintLabels = z.object({ shipment_ids: z.array(text).min(1).max(100) }).strict()
export type AdminPrintLabelsType = z.infer<typeof AdminPrintLabels>

export const AdminSetupPickupPointDelivery = z
  .object({
    stock_location_id: text,
    prices: AdminPublishPickupPoints.shape.prices,
    shipping_profile_id: text.optional(),
    name: string().trim().min(1).max(100).optional(),
  })
  .strict()
export type AdminSetupPickupPointDeliveryType = z.infer<typeof AdminSetupPickupPointDelivery>
