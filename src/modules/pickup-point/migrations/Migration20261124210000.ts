import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A lease on telling Medusa a shipment's fulfillment state (until when, and
 * the claim's token, so that only its holder ends it): `shipped_at`,
 * `delivered_at` and `carrier_cancel_told_at` are now set once Medusa took
 * the state, not when a process set out to tell it, so that a process that
 * dies in between leaves the state untold for the tracking sync to tell
 * again once the lease lapses. Nothing to backfill: a state marked before
 * this version stays told.
 */
export class Migration20261124210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "pickup_point_shipment" add column if not exists "telling_medusa_until" timestamptz null, add column if not exists "telling_medusa_by" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "telling_medusa_until", drop column if exists "telling_medusa_by";`)
  }
}
