import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A code send whose answer from the carrier was lost is marked so on its
 * audit record, which the order page shows as "probably sent". Before, the
 * shipment's history said so in a note written just after the send: each
 * such note marks the latest send to its address at or before it (the
 * order page no longer shows those notes).
 */
export class Migration20261123220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_verification_code_send" add column if not exists "confirmed" boolean not null default true;`)
    this.addSql(`UPDATE "pickup_point_verification_code_send" SET "confirmed" = false WHERE "id" IN (
      SELECT DISTINCT ON (note.id) send.id
      FROM "pickup_point_shipment_event" AS note
      JOIN "pickup_point_verification_code_send" AS send ON send.shipment_id = note.shipment_id AND send.sent_at <= note.occurred_at
      WHERE pg_catalog.starts_with(note.message, 'Verification code probably sent to ' || send.masked_email || ' ')
      ORDER BY note.id, send.sent_at DESC);`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_verification_code_send" drop column if exists "confirmed";`)
  }
}
