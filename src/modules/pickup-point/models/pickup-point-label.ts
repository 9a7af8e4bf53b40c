import { model } from "@medusajs/framework/utils"

/**
 * A shipment's label PDF, kept in the plugin's own table rather than with
 * the File Module: a label carries the customer's name, the pickup point
 * and the tracking number, and a file provider may serve what it stores at
 * a public URL whatever `access` asks (Medusa's local provider writes
 * "private" files into the public `static/` folder under a name made of the
 * time and the file name). Here no URL exists: the PDF is read only by the
 * plugin's admin routes (`GET /admin/pickup-point/shipments/:id/label`,
 * `POST /admin/pickup-point/labels`), behind the admin session. Base64 in a
 * text column because Medusa's data model has no binary type; a label is a
 * few tens of kilobytes.
 */
export const PickupPointLabel = model
  .define("pickup_point_label", {
    id: model.id({ prefix: "pulbl" }).primaryKey(),
    shipment_id: model.text().index(),
    content_base64: model.text(),
  })
  // The retention job deletes labels by age (`retention.personalDataDays`).
  .indexes([{ on: ["created_at"], where: "deleted_at IS NULL" }])
