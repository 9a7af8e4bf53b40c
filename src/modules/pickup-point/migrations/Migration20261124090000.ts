import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The tracking job now also processes again the webhook deliveries whose
 * processing failed (a redelivery answered "being processed" meanwhile may
 * have been the platform's last): the partial index holds the deliveries
 * being processed and the failed ones, still a handful next to the table's
 * months of settled deliveries.
 */
export class Migration20261124090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_unsettled" ON "pickup_point_webhook_delivery" ("updated_at") WHERE verdict IN ('processing', 'failed') AND deleted_at IS NULL;`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_webhook_delivery_updated_at";`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_updated_at" ON "pickup_point_webhook_delivery" ("updated_at") WHERE verdict = 'processing' AND deleted_at IS NULL;`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_webhook_delivery_unsettled";`)
  }
}
