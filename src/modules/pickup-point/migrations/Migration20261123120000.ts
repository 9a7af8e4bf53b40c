import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The tracking job processes again the webhook deliveries whose processor
 * died (stuck `processing`): a partial index holds only those being
 * processed, so that finding them reads a handful of entries, not the
 * table's months of settled deliveries.
 */
export class Migration20261123120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_updated_at" ON "pickup_point_webhook_delivery" ("updated_at") WHERE verdict = 'processing' AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_webhook_delivery_updated_at";`)
  }
}
