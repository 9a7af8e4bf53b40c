import { model } from "@medusajs/framework/utils"

/**
 * The store's catalog of pickup points. The service has no endpoint that
 * lists them, so the store keeps its own (imported from CSV or the admin API).
 */
export const PickupPoint = model
  .define("pickup_point", {
    id: model.id({ prefix: "pup" }).primaryKey(),
    /** The code the service knows the point by (`codePickupPoint`). */
    code: model.text(),
    /** The code shown to shoppers and printed on labels. */
    public_code: model.text().nullable(),
    name: model.text(),
    address: model.text(),
    city: model.text(),
    postcode: model.text(),
    province: model.text().nullable(),
    country_code: model.text(),
    latitude: model.float().nullable(),
    longitude: model.float().nullable(),
    /** Per weekday, e.g. `{ "mon": ["09:00-13:00", "15:00-19:00"] }`. */
    opening_hours: model.json().nullable(),
    network_code: model.text().nullable(),
    network_name: model.text().nullable(),
    requires_verification_code: model.boolean().default(false),
    is_active: model.boolean().default(true),
  })
  // The migration adds what the DSL cannot express: a generated full-text
  // column with a GIN index, a postcode prefix index, a folded city index and a country index.
  .indexes([
    { on: ["code"], unique: true, where: "deleted_at IS NULL" },
    { on: ["latitude", "longitude"], where: "deleted_at IS NULL AND is_active = true" },
  ])
