import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When the Medusa fulfillment was told that the carrier cancelled its
 * shipment order after the label (tracking's "cancelled" stage). Until then
 * the fulfillment provider refuses to cancel a labelled fulfillment, so the
 * order could be neither cancelled nor fulfilled another way. Shipments the
 * carrier cancelled before this version are told by the next tracking sync.
 */
export class Migration20261124190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "carrier_cancel_told_at" timestamptz null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "carrier_cancel_told_at";`)
  }
}
