import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Every claim on a shipment carries an owner token, so that only its owner writes or releases. */
export class Migration20261122130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "lease_owner" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "lease_owner";`)
  }
}
