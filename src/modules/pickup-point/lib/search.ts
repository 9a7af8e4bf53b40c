import { withinRadiusSql, type Around } from "./distance-sql"

/** What the store API can search the catalog by; only active points are ever returned. */
export type PickupPointSearch = {
  q?: string
  postcode?: string
  city?: string
  country_code?: string
  near?: Around
  limit: number
  offset: number
  /**
   * Compare `postcode` with the catalog's postcodes without their spaces and
   * dashes ("00950" for 00-950): the service's second try when a postcode
   * typed without them matched nothing (postcodeWithoutSeparators).
   */
  postcode_compact?: boolean
}

/**
 * The total is counted up to this many matches and no further: past it the
 * answer says `count_is_estimate` (there are at least this many), so a broad
 * search on a large catalog never pays for a scan of every match.
 */
export const SEARCH_COUNT_CAP = 1000

type Sql = { sql: string; params: unknown[] }

const COLUMNS =
  "id, code, public_code, name, address, city, postcode, province, country_code, latitude, longitude, " +
  "opening_hours, network_code, network_name, requires_verification_code"

/** `search_terms` keeps beginnings up to this many characters (Migration20261123180000); a longer word is matched on its beginning. */
const SEARCH_TERM_MAX_LENGTH = 32

/** Letters with no decomposition to strip a mark from, and what they fold to (as in Migration20261123180000). */
const FOLDED_LETTERS: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ς: "σ" }

/**
 * What is typed, folded as the catalog's `search_terms` folds a point's text
 * (Migration20261123180000), so that "forli" finds Forlì and "Forlì" finds
 * Forli: compatibility forms, the marks of Latin, Greek and Cyrillic letters
 * (U+0300 to U+036F; the marks of other scripts stay), a few letters without
 * a decomposition, a final sigma. Punctuation is left to the split into
 * words, which splits at every character that is not a letter, a mark or a digit.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁøØđĐħĦıς]/g, (letter) => FOLDED_LETTERS[letter])
    .normalize("NFC")
}

/**
 * A folded word typed as `search_terms` holds it: lower-cased (a final Σ lowercases to ς here and
 * to σ in PostgreSQL, which folds ς to σ), and cut to the beginning the column keeps.
 */
export function searchTerm(foldedWord: string): string {
  return Array.from(foldedWord.toLowerCase().replace(/ς/g, "σ")).slice(0, SEARCH_TERM_MAX_LENGTH).join("")
}

/**
 * The catalog search's conditions, order and distance on built-in PostgreSQL
 * features only (no extension a managed database might refuse): every word
 * typed matches the beginning of a word of the point, a postcode prefix, a
 * city (folded), and a bounding box around a coordinate ordered by great-circle distance.
 */
function searchConditions(search: PickupPointSearch): { where: string; params: unknown[]; distance: string; order: string } {
  const where = ["deleted_at IS NULL", "is_active = true"]
  const params: unknown[] = []
  let distance = "NULL::float"
  let order = "name ASC, id ASC"

  const words = foldSearchText(search.q ?? "")
    // Letters with their marks (Devanagari, Thai) stay one word, as PostgreSQL's parser keeps them.
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  if (words.length) {
    // Whole terms, not `word:*`: the column holds the beginnings themselves. plainto_tsquery ANDs
    // every term, even of a word the parser splits, where to_tsquery would make it a phrase.
    where.push("search_terms @@ plainto_tsquery('simple', ?)")
    params.push(words.map(searchTerm).join(" "))
  }
  if (search.postcode) {
    const typed = search.postcode.replace(/[%_\\]/g, "").trim()
    if (search.postcode_compact) {
      // The index finds the points with a word that begins so (the postcode without its separators is one,
      // Migration20261123180000); the postcode itself is then compared without them.
      where.push("search_terms @@ plainto_tsquery('simple', ?)", "upper(translate(postcode, ' -', '')) LIKE ?")
      params.push(foldSearchText(typed).toLowerCase(), `${typed.toUpperCase()}%`)
    } else {
      where.push("postcode LIKE ?")
      params.push(`${typed}%`)
    }
  }
  if (search.city) {
    // Folded by the same function on both sides (Migration20261123230000: "forli" is Forlì), so that the
    // database's own lower-casing, whatever its collation, decides for both; the index holds the left side.
    where.push("pickup_point_folded_city(city) = pickup_point_folded_city(?)")
    params.push(search.city.trim())
  }
  if (search.country_code) {
    // lower(), not upper(): the country probe's index (buildCountryHasPointsSql) must stay out of the search's plans.
    where.push("lower(country_code) = lower(?)")
    params.push(search.country_code.trim())
  }
  if (search.near) {
    const around = withinRadiusSql(search.near)
    where.push(...around.where)
    params.push(...around.params)
    distance = around.distance
    order = "distance_km ASC, id ASC"
  }
  return { where: where.join(" AND "), params, distance, order }
}

/** The shortest postcode compared without its separators (postcodeWithoutSeparators). */
const COMPACT_POSTCODE_MIN_LENGTH = 4

/**
 * The search again with the postcode compared without its spaces and dashes,
 * when the postcode typed has none and is long enough to be one (4
 * characters): null when there is no point in trying.
 */
export function postcodeWithoutSeparators(search: PickupPointSearch): PickupPointSearch | null {
  const typed = search.postcode?.trim() ?? ""
  if (search.postcode_compact || typed.length < COMPACT_POSTCODE_MIN_LENGTH || !/^[\p{L}\p{N}]+$/u.test(typed)) return null
  return { ...search, postcode_compact: true }
}

/** The shortest postcode beginning a search widens to: an area (a province's first digits), not a country. */
export const NEAREST_POSTCODE_MIN_LENGTH = 3

/** How many characters a search widens by at most: a 5-digit postcode's area, in at most as many queries. */
const NEAREST_POSTCODE_MAX_STEPS = 3

/**
 * When a search by postcode alone matched nothing (a shopper's own postcode
 * rarely is a point's): the same search by the postcode one character
 * shorter at a time, at most NEAREST_POSTCODE_MAX_STEPS times and down to
 * NEAREST_POSTCODE_MIN_LENGTH, the points of the postcodes around it ("2012"
 * for 20121, then "201"). Each is the search a storefront would make with
 * that prefix: compared without separators only from 4 characters, as
 * postcodeWithoutSeparators does. None with free text, a city or a position,
 * whose emptiness a shorter postcode would not explain.
 */
export function shorterPostcodeSearches(search: PickupPointSearch): PickupPointSearch[] {
  if (search.q?.trim() || search.city?.trim() || search.near) return []
  // As the condition reads it: LIKE's own characters are dropped there.
  const typed = Array.from((search.postcode ?? "").replace(/[%_\\]/g, "").trim())
  const searches: PickupPointSearch[] = []
  for (let length = typed.length - 1; length >= NEAREST_POSTCODE_MIN_LENGTH && searches.length < NEAREST_POSTCODE_MAX_STEPS; length--) {
    const postcode = typed.slice(0, length).join("").trimEnd()
    if (postcode.length < NEAREST_POSTCODE_MIN_LENGTH || postcode === searches.at(-1)?.postcode) continue
    const { postcode_compact, ...rest } = search
    searches.push({ ...rest, postcode, ...(postcode_compact && postcode.length >= COMPACT_POSTCODE_MIN_LENGTH ? { postcode_compact } : {}) })
  }
  return searches
}

/** One page of matches alone, without any count: the floor the benchmark compares the search with. */
export function buildPickupPointPageSql(search: PickupPointSearch): Sql {
  const { where, params, distance, order } = searchConditions(search)
  return {
    sql:
      `SELECT ${COLUMNS}, ${distance} AS distance_km FROM pickup_point WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [...params, search.limit, search.offset],
  }
}

/**
 * Whether `countryCode` has an active point at all, in any case as the search compares countries: one
 * probe of an index on `upper(country_code)` that the searches, comparing `lower(...)`, are kept from
 * (Migration20261125220000 says why).
 */
export function buildCountryHasPointsSql(countryCode: string): Sql {
  return {
    sql: "SELECT EXISTS (SELECT 1 FROM pickup_point WHERE deleted_at IS NULL AND is_active = true AND upper(country_code) = upper(?)) AS has_points",
    params: [countryCode.trim()],
  }
}

/** The matches counted up to `cap` + 1 alone: for a page past the last match, which the search's own count cannot see. */
export function buildPickupPointCountSql(search: PickupPointSearch, cap: number): Sql {
  const { where, params } = searchConditions(search)
  return {
    sql: `SELECT count(*) AS total_count FROM (SELECT 1 FROM pickup_point WHERE ${where} LIMIT ?) AS capped`,
    params: [...params, cap + 1],
  }
}

/**
 * The search as one statement: the page, and the number of matches counted
 * up to the cap (one past it, to know whether there are more) or to the end
 * of the page if that is further.
 *
 * In name order, the matches are read up to one past the cap, and the page
 * is sorted from those rows: a broad search (more matches than the cap, so
 * `count_is_estimate`) pages through the first matches found rather than
 * reading every match of the catalog to sort them. Nearest first is bounded
 * by its radius: the page and the capped count are read apart.
 */
export function buildPickupPointSearchSql(search: PickupPointSearch): Sql & { cap: number } {
  const { where, params } = searchConditions(search)
  const cap = Math.max(SEARCH_COUNT_CAP, search.offset + search.limit)
  if (search.near) {
    const page = buildPickupPointPageSql(search)
    return {
      sql:
        `WITH page AS (${page.sql}) SELECT page.*, ` +
        `(SELECT count(*) FROM (SELECT 1 FROM pickup_point WHERE ${where} LIMIT ?) AS capped) AS total_count FROM page`,
      params: [...page.params, ...params, cap + 1],
      cap,
    }
  }
  return {
    sql:
      `WITH capped AS MATERIALIZED (SELECT id, name FROM pickup_point WHERE ${where} LIMIT ?), ` +
      `chosen AS (SELECT id, name FROM capped ORDER BY name ASC, id ASC LIMIT ? OFFSET ?) ` +
      `SELECT ${COLUMNS.split(", ").map((column) => `p.${column}`).join(", ")}, NULL::float AS distance_km, (SELECT count(*) FROM capped) AS total_count ` +
      `FROM chosen JOIN pickup_point p ON p.id = chosen.id ORDER BY chosen.name ASC, chosen.id ASC`,
    params: [...params, cap + 1, search.limit, search.offset],
    cap,
  }
}
