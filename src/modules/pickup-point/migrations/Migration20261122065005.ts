import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122065005 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment" drop constraint if exists "pickup_point_shipment_order_number_unique";`);
    this.addSql(`alter table if exists "pickup_point_shipment" drop constraint if exists "pickup_point_shipment_order_id_unique";`);
    this.addSql(`alter table if exists "pickup_point" drop constraint if exists "pickup_point_code_unique";`);
    this.addSql(`create table if not exists "pickup_point" ("id" text not null, "code" text not null, "public_code" text null, "name" text not null, "address" text not null, "city" text not null, "postcode" text not null, "province" text null, "country_code" text not null, "latitude" real null, "longitude" real null, "opening_hours" jsonb null, "network_code" text null, "network_name" text null, "requires_verification_code" boolean not null default false, "is_active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_deleted_at" ON "pickup_point" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pickup_point_code_unique" ON "pickup_point" ("code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_latitude_longitude" ON "pickup_point" ("latitude", "longitude") WHERE deleted_at IS NULL AND is_active = true;`);
    // Hand-written: search by free text, postcode prefix and city, on built-in PostgreSQL only.
    this.addSql(`alter table if exists "pickup_point" add column if not exists "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("name", '') || ' ' || coalesce("address", '') || ' ' || coalesce("city", '') || ' ' || coalesce("postcode", '') || ' ' || coalesce("code", '') || ' ' || coalesce("public_code", ''))) stored;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_search_vector" ON "pickup_point" USING gin ("search_vector") WHERE deleted_at IS NULL AND is_active = true;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_postcode_prefix" ON "pickup_point" ("postcode" text_pattern_ops) WHERE deleted_at IS NULL AND is_active = true;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_city_lower" ON "pickup_point" (lower("city")) WHERE deleted_at IS NULL AND is_active = true;`);

    this.addSql(`create table if not exists "pickup_point_shipment" ("id" text not null, "order_id" text not null, "order_number" text not null, "status" text check ("status" in ('pending', 'creating', 'unknown', 'awaiting_import', 'ready', 'label_generated', 'confirmed', 'cancelled', 'failed')) not null default 'pending', "pickup_point_code" text not null, "pickup_point" jsonb null, "merchant_type" text check ("merchant_type" in ('DELIVERY', 'STORAGE')) not null, "request" jsonb null, "order_reference_code" text null, "pickup_point_public_code" text null, "tracking_number" text null, "label_file_id" text null, "label_url" text null, "fulfillment_id" text null, "create_attempts" integer not null default 0, "retry_count" integer not null default 0, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_shipment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_deleted_at" ON "pickup_point_shipment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_order_id_unique" ON "pickup_point_shipment" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_order_number_unique" ON "pickup_point_shipment" ("order_number") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_status_next_attempt_at" ON "pickup_point_shipment" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "pickup_point_shipment_event" ("id" text not null, "status" text not null, "message" text null, "occurred_at" timestamptz not null, "shipment_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_shipment_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_event_shipment_id" ON "pickup_point_shipment_event" ("shipment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_shipment_event_deleted_at" ON "pickup_point_shipment_event" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "pickup_point_shipment_event" add constraint "pickup_point_shipment_event_shipment_id_foreign" foreign key ("shipment_id") references "pickup_point_shipment" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "pickup_point_shipment_event" drop constraint if exists "pickup_point_shipment_event_shipment_id_foreign";`);

    this.addSql(`drop table if exists "pickup_point" cascade;`);

    this.addSql(`drop table if exists "pickup_point_shipment" cascade;`);

    this.addSql(`drop table if exists "pickup_point_shipment_event" cascade;`);
  }

}
