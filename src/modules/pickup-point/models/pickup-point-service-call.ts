import { model } from "@medusajs/framework/utils"
import { SERVICE_CALL_OUTCOMES } from "../../../lib/shipment-orders/call-log"

/**
 * One attempt of a call the plugin made to the Shipment Orders Service, for
 * the Health page: what the client's `onCall` reports and nothing else (no
 * body, header, key or message, so nothing personal or secret). Written in
 * the background, in batches; pruned by the retention job.
 */
export const PickupPointServiceCall = model
  .define("pickup_point_service_call", {
    id: model.id({ prefix: "pusc" }).primaryKey(),
    operation: model.text(),
    http_status: model.number().nullable(),
    duration_ms: model.number(),
    outcome: model.enum([...SERVICE_CALL_OUTCOMES]),
    attempt: model.number().default(1),
    retried: model.boolean().default(false),
    called_at: model.dateTime(),
  })
  .indexes([{ on: ["called_at"], where: "deleted_at IS NULL" }])
