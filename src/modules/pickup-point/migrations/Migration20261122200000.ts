import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Text search on the beginnings of words, read from the index as whole terms.
 *
 * A prefix query (`tabac:*`) makes GIN gather every term that starts with the
 * prefix into a bitmap, which costs a broad search tens of milliseconds on a
 * large catalog. The column now holds every beginning of every word (up to 32
 * characters; lib/search.ts cuts a typed word to the same length), so the
 * same search is an exact term lookup, with the same matches. It is a stored
 * column, not an expression index, so that a plan which filters rows by it
 * (a search by city and text, say) reads it instead of computing it per row.
 *
 * PostgreSQL recomputes neither the column nor its index when a function is
 * replaced: a change to pickup_point_search_terms needs a function of a new
 * name and the column added again.
 */
export class Migration20261122200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE OR REPLACE FUNCTION pickup_point_search_terms(name text, address text, city text, postcode text, code text, public_code text)
      RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT pg_catalog.array_to_tsvector(coalesce(pg_catalog.array_agg(DISTINCT pg_catalog.left(word.lexeme, length)), '{}'))
        FROM pg_catalog.unnest(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig,
               coalesce(name, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '') || ' ' ||
               coalesce(postcode, '') || ' ' || coalesce(code, '') || ' ' || coalesce(public_code, ''))) AS word,
             pg_catalog.generate_series(1, least(pg_catalog.length(word.lexeme), 32)) AS length
      $$;`)
    this.addSql(
      `alter table if exists "pickup_point" add column if not exists "search_terms" tsvector generated always as (pickup_point_search_terms("name", "address", "city", "postcode", "code", "public_code")) stored;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_search_terms" ON "pickup_point" USING gin ("search_terms") WHERE deleted_at IS NULL AND is_active = true;`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_search_vector";`)
    this.addSql(`alter table if exists "pickup_point" drop column if exists "search_vector";`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "pickup_point" add column if not exists "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("name", '') || ' ' || coalesce("address", '') || ' ' || coalesce("city", '') || ' ' || coalesce("postcode", '') || ' ' || coalesce("code", '') || ' ' || coalesce("public_code", ''))) stored;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_search_vector" ON "pickup_point" USING gin ("search_vector") WHERE deleted_at IS NULL AND is_active = true;`)
    this.addSql(`drop index if exists "IDX_pickup_point_search_terms";`)
    this.addSql(`alter table if exists "pickup_point" drop column if exists "search_terms";`)
    this.addSql(`drop function if exists pickup_point_search_terms(text, text, text, text, text, text);`)
  }
}
