import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Every create sends the year's count of shipped-off shipment orders: an
 * index of those alone by creation time, so that the count is read from the
 * index (index-only) rather than from every shipment's row. The statuses are
 * SHIPPED_OFF_STATUSES (lib/statuses.ts); the count's query names the same.
 */
export class Migration20261122201000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_shipped_off_created_at" ON "pickup_point_shipment" ("created_at") WHERE deleted_at IS NULL AND status IN ('label_generated', 'confirmed');`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_shipped_off_created_at";`)
  }
}
