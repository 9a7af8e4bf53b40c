import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The verification code sends' log keeps the customer's masked e-mail: the
 * retention job takes it out after `retention.personalDataDays` (the sends
 * stay, for the "first send only" check and the timeline). A partial index
 * on the age of the sends that still hold one finds each batch.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_verification_code_send_sent_at" ON "pickup_point_verification_code_send" ("sent_at") WHERE deleted_at IS NULL AND masked_email <> '';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_pickup_point_verification_code_send_sent_at";`)
  }
}
