import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The daily retention job deletes tracking history and webhook deliveries in
 * batches, oldest first: an index on their age, so that each batch reads its
 * thousand rows rather than the whole table (service calls had one already).
 */
export class Migration20261122202000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_tracking_event_created_at" ON "pickup_point_tracking_event" ("created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_received_at" ON "pickup_point_webhook_delivery" ("received_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_tracking_event_created_at";`)
    this.addSql(`drop index if exists "IDX_pickup_point_webhook_delivery_received_at";`)
  }
}
