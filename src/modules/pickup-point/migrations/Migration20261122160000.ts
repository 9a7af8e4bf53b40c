import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Label PDFs in the plugin's own table, reachable only through its admin routes (see models/pickup-point-label.ts). */
export class Migration20261122160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "pickup_point_label" ("id" text not null, "shipment_id" text not null, "content_base64" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_label_pkey" primary key ("id"));`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_label_shipment_id" ON "pickup_point_label" ("shipment_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_label_deleted_at" ON "pickup_point_label" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pickup_point_label" cascade;`)
  }
}
