import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The tracking job now also processes again, for a day, the webhook
 * deliveries whose processing failed: a partial index on when they were
 * received holds only the failed ones, so that finding the day's reads a
 * handful of entries, not the table's months of settled deliveries (nor
 * the failed ones given up on).
 */
export class Migration20261124090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_failed" ON "pickup_point_webhook_delivery" ("received_at") WHERE verdict = 'failed' AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_webhook_delivery_failed";`)
  }
}
