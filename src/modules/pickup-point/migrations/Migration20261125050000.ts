import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When the carrier last failed to send the verification code owed to a
 * parcel ready for pickup, and how many times: the sweep of owed codes
 * waits longer after each failure instead of trying every run for a day.
 */
export class Migration20261125050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "verification_code_failed_at" timestamptz null;`)
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "verification_code_failures" integer not null default 0;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "verification_code_failed_at";`)
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "verification_code_failures";`)
  }
}
