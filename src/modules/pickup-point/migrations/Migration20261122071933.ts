import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122071933 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "cancel_requested_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "cancel_requested_at";`);
  }

}
