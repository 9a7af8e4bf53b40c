import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The webhook finds a shipment by its order reference code: an index, so that each delivery reads one row, not the table. */
export class Migration20261122180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_order_reference_code" ON "pickup_point_shipment" ("order_reference_code") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_order_reference_code";`)
  }
}
