import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When each shipment's label (or confirmation) was recorded. The tracking
 * sync followed a shipment for `maxAgeDays` from its creation, so a label
 * made late (a backorder, a failed shipment retried weeks on) was never
 * tracked. Shipments labelled already take the time of their history's
 * first label entry, or their creation when it has none.
 */
export class Migration20261124150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "shipped_off_at" timestamptz null;`)
    this.addSql(
      `UPDATE "pickup_point_shipment" AS s SET "shipped_off_at" = coalesce(
         (SELECT min(e."occurred_at") FROM "pickup_point_shipment_event" AS e
          WHERE e."shipment_id" = s."id" AND e."status" IN ('label_generated', 'confirmed')),
         s."created_at")
       WHERE s."shipped_off_at" IS NULL AND s."status" IN ('label_generated', 'confirmed');`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "shipped_off_at";`)
  }
}
