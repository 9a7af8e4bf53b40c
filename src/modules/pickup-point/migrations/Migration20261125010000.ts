import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The parcels waiting at their pickup point, by when they became ready: the
 * sweep of verification codes owed to them (a ready-for-pickup event lost
 * with its process, or a send the carrier failed) reads only these.
 */
export class Migration20261125010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_ready_for_pickup" ON "pickup_point_shipment" ("tracking_updated_at") ` +
        `WHERE deleted_at IS NULL AND tracking_stage = 50;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_ready_for_pickup";`)
  }
}
