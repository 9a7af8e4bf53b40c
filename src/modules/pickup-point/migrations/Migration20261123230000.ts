import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Letters with no decomposition to strip a mark from: what they fold to (as Migration20261123180000). */
const LETTERS_FROM = "łŁøØđĐħĦıς"
const LETTERS_TO = "lLoOdDhHiσ"

/** The marks taken off: Combining Diacritical Marks (as Migration20261123180000). */
const MARKS = "[\u0300-\u036f]"

/** Punctuation, as characters rather than a locale's `[[:punct:]]` (as Migration20261123180000). */
const PUNCTUATION = "[!-/:-@[-`{-~\u00a1-\u00bf\u00d7\u00f7\u2010-\u205e\u3001-\u3003\u3008-\u3011\u3014-\u301f]"

/**
 * The store search's `city` compared folded, as the free text is: "Forli"
 * finds the points of Forlì, "Sant Agata" those of Sant'Agata, "REGGIO
 * NELL EMILIA" those of Reggio nell'Emilia. A storefront passes the city of
 * the shipping address, typed by the shopper, often without its accents.
 *
 * `pickup_point_folded_city` folds the catalog's city and the one typed
 * alike (lib/search.ts): compatibility forms, the marks of Latin, Greek and
 * Cyrillic letters, a few letters without a decomposition, punctuation to a
 * space, lower case, runs of spaces to one, none at the ends. Every name
 * qualified: a restore runs an index's function with an empty search_path.
 * Its index replaces the one on lower(city); building it computes the fold
 * once per point (about as long as adding the folded search column did).
 */
export class Migration20261123230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE OR REPLACE FUNCTION pickup_point_folded_city(city text)
      RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.normalize(pg_catalog.translate(
          pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.normalize(city, 'NFKD'), '${MARKS}', '', 'g'), '${PUNCTUATION}', ' ', 'g'),
          '${LETTERS_FROM}', '${LETTERS_TO}'), 'NFC')), ' +', ' ', 'g'), ' ')
      $$;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_folded_city" ON "pickup_point" (pickup_point_folded_city("city")) WHERE deleted_at IS NULL AND is_active = true;`
    )
    this.addSql(`drop index if exists "IDX_pickup_point_city_lower";`)
  }

  override async down(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pickup_point_city_lower" ON "pickup_point" (lower("city")) WHERE deleted_at IS NULL AND is_active = true;`)
    this.addSql(`drop index if exists "IDX_pickup_point_folded_city";`)
    this.addSql(`drop function if exists pickup_point_folded_city(text);`)
  }
}
