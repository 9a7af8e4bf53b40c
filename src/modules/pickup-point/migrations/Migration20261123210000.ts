import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The order sweep remembers the orders it could not record, to try them
 * again every run, instead of holding its cursor before the first of them
 * (which kept every later order out of reach once 200 had come after it).
 */
export class Migration20261123210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_sync_state" add column if not exists "retry_ids" jsonb null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_sync_state" drop column if exists "retry_ids";`)
  }
}
