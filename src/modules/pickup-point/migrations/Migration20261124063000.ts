import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The shipments whose moves Medusa may not have been told of yet
 * (`listUnappliedTransitions`, at the start of every tracking sync): a
 * fulfillment not yet marked shipped or delivered. Without it, each sync
 * read the whole shipment table, which grows with the store's history,
 * since almost nothing matches and the query's limit never ends it early.
 * Only shipments between their label and their delivery are in it.
 */
export class Migration20261124063000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_untold_moves" ON "pickup_point_shipment" ("tracking_status_code") ` +
        `WHERE deleted_at IS NULL AND fulfillment_id IS NOT NULL AND (shipped_at IS NULL OR delivered_at IS NULL);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_untold_moves";`)
  }
}
