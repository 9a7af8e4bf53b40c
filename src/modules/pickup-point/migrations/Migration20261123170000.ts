import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Label PDFs are deleted by age (`retention.labelsDays`) like the plugin's
 * other records: an index on their age finds each batch.
 */
export class Migration20261123170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_label_created_at" ON "pickup_point_label" ("created_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_label_created_at";`)
  }
}
