import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A shipment's history says who made a change by hand (an admin changing the pickup point). */
export class Migration20261122173000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment_event" add column if not exists "actor_id" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment_event" drop column if exists "actor_id";`)
  }
}
