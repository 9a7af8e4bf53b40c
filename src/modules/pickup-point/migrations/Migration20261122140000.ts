import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A label asked for but not recorded is remembered (its answer may have been lost), the order sweep
 * keeps its cursor, and a webhook
 * delivery is claimed (`processing`) before it is applied, so that only an applied one is a duplicate.
 */
export class Migration20261122140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "label_requested_at" timestamptz null;`)
    this.addSql(`alter table if exists "pickup_point_sync_state" add column if not exists "cursor" text null;`)
    this.addSql(`alter table if exists "pickup_point_webhook_delivery" drop constraint if exists "pickup_point_webhook_delivery_verdict_check";`)
    this.addSql(
      `alter table if exists "pickup_point_webhook_delivery" add constraint "pickup_point_webhook_delivery_verdict_check" check ("verdict" in ('processing', 'applied', 'unchanged', 'unknown_order', 'invalid_payload', 'failed'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_webhook_delivery" drop constraint if exists "pickup_point_webhook_delivery_verdict_check";`)
    this.addSql(
      `alter table if exists "pickup_point_webhook_delivery" add constraint "pickup_point_webhook_delivery_verdict_check" check ("verdict" in ('applied', 'unchanged', 'unknown_order', 'invalid_payload'));`
    )
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "label_requested_at";`)
    this.addSql(`alter table if exists "pickup_point_sync_state" drop column if exists "cursor";`)
  }
}
