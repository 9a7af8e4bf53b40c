import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When the plugin recorded a parcel as ready for pickup, by its own clock:
 * the sweep of verification codes owed to parcels waiting at their point
 * times its retries from it. The carrier's report time, which it used
 * before, can be midnight (a report with a date and no time), days old (a
 * status learned late), or ahead (a wrong time zone), and a failed send was
 * then never tried again. Parcels waiting now take their report time.
 */
export class Migration20261125080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "ready_recorded_at" timestamptz null;`)
    this.addSql(`update "pickup_point_shipment" set "ready_recorded_at" = least("tracking_updated_at", now()) where deleted_at is null and tracking_stage = 50 and "ready_recorded_at" is null;`)
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_ready_for_pickup";`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_ready_for_pickup" ON "pickup_point_shipment" ("ready_recorded_at") ` +
        `WHERE deleted_at IS NULL AND tracking_stage = 50;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_ready_for_pickup";`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_ready_for_pickup" ON "pickup_point_shipment" ("tracking_updated_at") ` +
        `WHERE deleted_at IS NULL AND tracking_stage = 50;`
    )
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "ready_recorded_at";`)
  }
}
