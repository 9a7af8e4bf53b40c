import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A search that finds nothing in the shopper's country looks whether the
 * country has any active point at all (the store search's
 * `no_points_in_country`): an index on the country as the search compares
 * it keeps that one probe, rather than a scan of every other country's points.
 */
export class Migration20261125220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_country_lower" ON "pickup_point" (lower("country_code")) WHERE deleted_at IS NULL AND is_active = true;`
    )
    // The planner knows nothing of the new expression until the table is analyzed, and would take a
    // country for a rare one: searches with a country (every picker's) could read this whole index.
    this.addSql(`ANALYZE "pickup_point";`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_country_lower";`)
  }
}
