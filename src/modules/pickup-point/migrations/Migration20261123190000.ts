import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The retention job takes the customer's name, e-mail and phone out of a
 * shipment order's stored request after `retention.personalDataDays`: a
 * partial index on the age of the requests that still hold them finds each
 * batch, and a request let go of leaves it.
 */
export class Migration20261123190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_contacts_created_at" ON "pickup_point_shipment" ("created_at") WHERE deleted_at IS NULL AND (request -> 'customerEmail') IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_shipment_contacts_created_at";`)
  }
}
