import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The retention job's partial index of requests that still hold the
 * customer's name, e-mail and phone, without `deleted_at IS NULL`: a
 * shipment archived by a change of pickup point keeps its request, and
 * its contacts are taken out after `retention.personalDataDays` as any
 * other's. Building it reads the whole shipments table, during which
 * shipment writes wait.
 */
export class Migration20261125090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_contacts_created_at";`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_contacts_created_at" ON "pickup_point_shipment" ("created_at") WHERE (request -> 'customerEmail') IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_contacts_created_at";`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_contacts_created_at" ON "pickup_point_shipment" ("created_at") WHERE deleted_at IS NULL AND (request -> 'customerEmail') IS NOT NULL;`
    )
  }
}
