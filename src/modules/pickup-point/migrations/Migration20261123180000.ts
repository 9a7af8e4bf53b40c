import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Letters with no decomposition to strip a mark from, and a final sigma (JavaScript lowercases Σ to it): what they fold to. */
const LETTERS_FROM = "łŁøØđĐħĦıς"
const LETTERS_TO = "lLoOdDhHiσ"

/** The marks taken off: Combining Diacritical Marks (Latin, Greek and Cyrillic letters'). Written as characters, not escapes. */
const MARKS = "[\u0300-\u036f]"

/**
 * Punctuation, as characters rather than `[[:punct:]]`, whose meaning is the
 * database's locale's (a glibc locale counts the marks of Devanagari or
 * kana as punctuation; the C locale nothing past ASCII): ASCII's, Latin-1's,
 * × and ÷, General Punctuation (dashes, quotes such as ’), and the CJK
 * brackets and stops. None is a letter or a digit once NFKD has run.
 */
const PUNCTUATION = "[!-/:-@[-`{-~\u00a1-\u00bf\u00d7\u00f7\u2010-\u205e\u3001-\u3003\u3008-\u3011\u3014-\u301f]"

/**
 * `text` folded as lib/search.ts folds what is typed (foldSearchText): compatibility forms, the marks of
 * Latin, Greek and Cyrillic letters, a few letters without a decomposition; punctuation to spaces.
 * Every name qualified: a restore runs the column's function with an empty search_path.
 */
const folded = (text: string) =>
  `pg_catalog.normalize(pg_catalog.translate(pg_catalog.regexp_replace(pg_catalog.regexp_replace(` +
  `pg_catalog.normalize(${text}, 'NFKD'), '${MARKS}', '', 'g'), '${PUNCTUATION}', ' ', 'g'), '${LETTERS_FROM}', '${LETTERS_TO}'), 'NFC')`

/**
 * Text search that finds what shoppers type without accents or with other
 * punctuation: "forli" finds Forlì, "citta" Città, "lodz" Łódź, "00950" the
 * postcode 00-950, and "12/14" or "14" the street number 12/14.
 *
 * The point's text is folded before PostgreSQL's parser splits it into words,
 * and lib/search.ts folds and splits what is typed the same way. The parser
 * keeps punctuation inside some words: it made "00-950" the words "00" and
 * "-950", so "950" found nothing. The postcode is also a word without its
 * spaces and dashes.
 *
 * As Migration20261122200000 says, PostgreSQL does not recompute a stored
 * column when its function changes: the column is added again with a
 * function of a new name (the catalog is rewritten once, about as long as an
 * import of the same catalog, during which it cannot be written).
 */
export class Migration20261123180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE OR REPLACE FUNCTION pickup_point_folded_search_terms(name text, address text, city text, postcode text, code text, public_code text)
      RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT pg_catalog.array_to_tsvector(coalesce(pg_catalog.array_agg(DISTINCT pg_catalog.left(word.lexeme, length)), '{}'))
        FROM pg_catalog.unnest(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, ${folded(
          `coalesce(name, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postcode, '') || ' ' || ` +
            `pg_catalog.translate(coalesce(postcode, ''), ' -', '') || ' ' || coalesce(code, '') || ' ' || coalesce(public_code, '')`
        )})) AS word,
             pg_catalog.generate_series(1, least(pg_catalog.length(word.lexeme), 32)) AS length
      $$;`)
    this.replaceSearchTerms("pickup_point_folded_search_terms")
  }

  override async down(): Promise<void> {
    this.replaceSearchTerms("pickup_point_search_terms")
    this.addSql(`drop function if exists pickup_point_folded_search_terms(text, text, text, text, text, text);`)
  }

  /** The `search_terms` column and its index again, computed by `fn`. */
  private replaceSearchTerms(fn: string): void {
    this.addSql(`drop index if exists "IDX_pickup_point_search_terms";`)
    this.addSql(`alter table if exists "pickup_point" drop column if exists "search_terms";`)
    this.addSql(
      `alter table if exists "pickup_point" add column "search_terms" tsvector generated always as (${fn}("name", "address", "city", "postcode", "code", "public_code")) stored;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_pickup_point_search_terms" ON "pickup_point" USING gin ("search_terms") WHERE deleted_at IS NULL AND is_active = true;`
    )
  }
}
