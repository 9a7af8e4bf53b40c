import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The redacted log of calls to the service, for the Health page (see models/pickup-point-service-call.ts). */
export class Migration20261122170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "pickup_point_service_call" ("id" text not null, "operation" text not null, "http_status" integer null, "duration_ms" integer not null, "outcome" text check ("outcome" in ('ok', 'refused', 'not_found', 'unauthorized', 'timeout', 'network_error', 'server_error', 'rate_limited', 'protocol_error')) not null, "attempt" integer not null default 1, "retried" boolean not null default false, "called_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pickup_point_service_call_pkey" primary key ("id"));`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_service_call_called_at" ON "pickup_point_service_call" ("called_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_service_call_deleted_at" ON "pickup_point_service_call" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pickup_point_service_call" cascade;`)
  }
}
