import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A code send whose answer from the carrier was lost is marked so on its
 * audit record, which the order page shows as "probably sent"; the sends
 * before this column were confirmed (an unconfirmed one said so in the
 * shipment's history, which stays).
 */
export class Migration20261123220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_verification_code_send" add column if not exists "confirmed" boolean not null default true;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_verification_code_send" drop column if exists "confirmed";`)
  }
}
