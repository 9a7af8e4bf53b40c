import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122073909 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_webhook_delivery" drop constraint if exists "pickup_point_webhook_delivery_digest_unique";`);
    this.addSql(`alter table if exists "pickup_point_tracking_event" drop constraint if exists "pickup_point_tracking_event_shipment_id_dedupe_key_unique";`);
    this.addSql(`create table if not exists "pickup_point_sync_state" ("id" text not null, "consecutive_failures" integer not null default 0, "circuit_open_until" timestamptz null, "last_run_at" timestamptz null, "last_success_at" timestamptz null, "last_error" text null, "lag_seconds" integer null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_sync_state_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_sync_state_deleted_at" ON "pickup_point_sync_state" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "pickup_point_tracking_event" ("id" text not null, "status_code" text not null, "status_description" text null, "external_status_code" text null, "external_status_description" text null, "occurred_at" timestamptz not null, "source" text check ("source" in ('sync', 'webhook', 'admin')) not null, "dedupe_key" text not null, "shipment_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_tracking_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_tracking_event_shipment_id" ON "pickup_point_tracking_event" ("shipment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_tracking_event_deleted_at" ON "pickup_point_tracking_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pickup_point_tracking_event_shipment_id_dedupe_key_unique" ON "pickup_point_tracking_event" ("shipment_id", "dedupe_key") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "pickup_point_verification_code_send" ("id" text not null, "shipment_id" text not null, "actor_id" text null, "masked_email" text not null, "sent_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_verification_code_send_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_verification_code_send_shipment_id" ON "pickup_point_verification_code_send" ("shipment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_verification_code_send_deleted_at" ON "pickup_point_verification_code_send" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "pickup_point_webhook_delivery" ("id" text not null, "digest" text not null, "verdict" text check ("verdict" in ('applied', 'unchanged', 'unknown_order', 'invalid_payload')) not null, "result" text null, "order_reference_code" text null, "status_code" text null, "shipment_id" text null, "payload" jsonb null, "received_at" timestamptz not null, "deliveries" integer not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_deleted_at" ON "pickup_point_webhook_delivery" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pickup_point_webhook_delivery_digest_unique" ON "pickup_point_webhook_delivery" ("digest") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "pickup_point_tracking_event" add constraint "pickup_point_tracking_event_shipment_id_foreign" foreign key ("shipment_id") references "pickup_point_shipment" ("id") on update cascade;`);

    this.addSql(`alter table if exists "pickup_point_shipment" add column if not exists "tracking_status_code" text null, add column if not exists "tracking_status_description" text null, add column if not exists "tracking_updated_at" timestamptz null, add column if not exists "tracking_stage" integer not null default 0, add column if not exists "last_synced_at" timestamptz null, add column if not exists "shipped_at" timestamptz null, add column if not exists "delivered_at" timestamptz null;`);
    // Hand-edited: NULLS FIRST, the order the tracking sync claims in (never-synced shipments first).
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_last_synced_at_id" ON "pickup_point_shipment" ("last_synced_at" ASC NULLS FIRST, "id") WHERE deleted_at IS NULL AND status IN ('label_generated', 'confirmed') AND tracking_stage < 60;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pickup_point_sync_state" cascade;`);

    this.addSql(`drop table if exists "pickup_point_tracking_event" cascade;`);

    this.addSql(`drop table if exists "pickup_point_verification_code_send" cascade;`);

    this.addSql(`drop table if exists "pickup_point_webhook_delivery" cascade;`);

    this.addSql(`drop index if exists "IDX_pickup_point_shipment_last_synced_at_id";`);
    this.addSql(`alter table if exists "pickup_point_shipment" drop column if exists "tracking_status_code", drop column if exists "tracking_status_description", drop column if exists "tracking_updated_at", drop column if exists "tracking_stage", drop column if exists "last_synced_at", drop column if exists "shipped_at", drop column if exists "delivered_at";`);
  }

}
