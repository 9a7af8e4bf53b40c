import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The untold moves' index in two parts, one per move. The one index it
 * replaces (`Migration20261124063000`) held every shipment between its label
 * and its delivery: looking up the shipped codes walked each shipment in
 * transit, already told, to find the few not yet marked shipped. Each part
 * now holds only the shipments that move could still be owed for, so a
 * look-up by code reads the untold ones alone.
 */
export class Migration20261124140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_unshipped_status" ON "pickup_point_shipment" ("tracking_status_code") ` +
        `WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL AND shipped_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_undelivered_status" ON "pickup_point_shipment" ("tracking_status_code") ` +
        `WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL AND delivered_at IS NULL;`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_untold_moves";`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_untold_moves" ON "pickup_point_shipment" ("tracking_status_code") ` +
        `WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL AND (shipped_at IS NULL OR delivered_at IS NULL);`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_unshipped_status";`)
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_undelivered_status";`)
  }
}
