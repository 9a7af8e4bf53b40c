import { distanceKmSql, withinRadiusSql } from "./distance-sql"
import { foldSearchText, searchTerm } from "./search"

export type AdminCatalogSearch = {
  q?: string
  country_code?: string
  is_active?: boolean
  /**
   * Nearest to this coordinate first (points without coordinates last), and
   * only those within `radius_km` when it is given.
   */
  near?: { latitude: number; longitude: number; radius_km?: number }
  limit: number
  offset: number
}

type Sql = { sql: string; params: unknown[] }

/** The text an admin's word is looked for in: every field a point is known by, the public code on its label included. */
const SEARCHED_TEXT = "concat_ws(' ', code, public_code, name, address, city, postcode, network_code, network_name)"

/**
 * The admin's catalog search, active and inactive points alike: every word
 * typed (the first 8) is found somewhere in the point, either inside any of
 * its fields as typed ("mi001" in the public code MI001, "brera" inside an
 * address), or as the beginning of one of its words folded as the store's
 * search folds them ("citta" finds Città). `%`, `_` and a backslash typed are
 * matched as themselves.
 */
function adminCatalogConditions(search: AdminCatalogSearch): Sql {
  const where = ["deleted_at IS NULL"]
  const params: unknown[] = []
  if (search.is_active !== undefined) {
    where.push("is_active = ?")
    params.push(search.is_active)
  }
  if (search.country_code) {
    where.push("lower(country_code) = lower(?)")
    params.push(search.country_code.trim())
  }
  for (const word of (search.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.push(`(${SEARCHED_TEXT} ILIKE ? OR search_terms @@ plainto_tsquery('simple', ?))`)
    params.push(`%${word.replace(/[\\%_]/g, "\\$&")}%`, searchTerm(foldSearchText(word)))
  }
  const { near } = search
  if (near?.radius_km !== undefined) {
    const around = withinRadiusSql({ latitude: near.latitude, longitude: near.longitude, radius_km: near.radius_km })
    where.push(...around.where)
    params.push(...around.params)
  }
  return { sql: where.join(" AND "), params }
}

/** One page of the matching points' ids, by code or nearest first (with their distance in km). */
export function buildAdminCatalogPageSql(search: AdminCatalogSearch): Sql {
  const { sql, params } = adminCatalogConditions(search)
  const distance = search.near ? distanceKmSql(search.near.latitude, search.near.longitude) : "NULL::float"
  const order = search.near ? "distance_km ASC NULLS LAST, code ASC, id ASC" : "code ASC, id ASC"
  return {
    sql: `SELECT id, ${distance} AS distance_km FROM pickup_point WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [...params, search.limit, search.offset],
  }
}

/** How many points match. */
export function buildAdminCatalogCountSql(search: AdminCatalogSearch): Sql {
  const { sql, params } = adminCatalogConditions(search)
  return { sql: `SELECT count(*) AS count FROM pickup_point WHERE ${sql}`, params }
}
