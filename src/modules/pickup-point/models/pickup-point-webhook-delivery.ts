import { model } from "@medusajs/framework/utils"

/**
 * One authenticated delivery of the platform's webhook, kept (without
 * anything secret) with what the plugin made of it. A replay of the same
 * body is recognised by its digest and not applied again.
 */
export const PickupPointWebhookDelivery = model
  .define("pickup_point_webhook_delivery", {
    id: model.id({ prefix: "puwh" }).primaryKey(),
    /** SHA-256 of the raw body. */
    digest: model.text(),
    /** `processing` while a delivery is being applied; only `applied` and `unchanged` answer a redelivery as a duplicate. */
    verdict: model.enum(["processing", "applied", "unchanged", "unknown_order", "invalid_payload", "failed"]),
    result: model.text().nullable(),
    order_reference_code: model.text().nullable(),
    status_code: model.text().nullable(),
    shipment_id: model.text().nullable(),
    payload: model.json().nullable(),
    received_at: model.dateTime(),
    deliveries: model.number().default(1),
  })
  .indexes([
    { on: ["digest"], unique: true, where: "deleted_at IS NULL" },
    // The retention job's batches, oldest first (atomic-operations.ts, pruneRecords).
    { on: ["received_at"], where: "deleted_at IS NULL" },
    // Deliveries whose processor died, found by the tracking job (reprocess-stalled-webhook-deliveries.ts):
    // only the few being processed are in it.
    { on: ["updated_at"], where: "verdict = 'processing' AND deleted_at IS NULL" },
    // Deliveries whose processing failed, processed again by the same job for a day after they came.
    { name: "IDX_pickup_point_webhook_delivery_failed", on: ["received_at"], where: "verdict = 'failed' AND deleted_at IS NULL" },
  ])
