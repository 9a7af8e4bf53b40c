/** What the store API can search the catalog by; only active points are ever returned. */
export type PickupPointSearch = {
  q?: string
  postcode?: string
  city?: string
  country_code?: string
  near?: { latitude: number; longitude: number; radius_km: number }
  limit: number
  offset: number
}

const EARTH_RADIUS_KM = 6371

/**
 * Builds the catalog search as one SQL statement on built-in PostgreSQL
 * features only (no extension a managed database might refuse): full-text
 * prefix matching on a generated tsvector, a postcode prefix, a city, and a
 * bounding box around a coordinate ordered by great-circle distance.
 */
export function buildPickupPointSearchSql(search: PickupPointSearch): { sql: string; params: unknown[] } {
  const where = ["deleted_at IS NULL", "is_active = true"]
  const params: unknown[] = []
  let distance = "NULL::float"
  let order = "name ASC, id ASC"

  const words = (search.q ?? "")
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  if (words.length) {
    where.push("search_vector @@ to_tsquery('simple', ?)")
    params.push(words.map((word) => `${word.toLowerCase()}:*`).join(" & "))
  }
  if (search.postcode) {
    where.push("postcode LIKE ?")
    params.push(`${search.postcode.replace(/[%_\\]/g, "").trim()}%`)
  }
  if (search.city) {
    where.push("lower(city) = lower(?)")
    params.push(search.city.trim())
  }
  if (search.country_code) {
    where.push("lower(country_code) = lower(?)")
    params.push(search.country_code.trim())
  }
  if (search.near) {
    const { latitude, longitude, radius_km } = search.near
    // Interpolated into the distance expression below, so they must be plain numbers.
    if (![latitude, longitude, radius_km].every(Number.isFinite)) {
      throw new TypeError("near: latitude, longitude and radius_km must be finite numbers")
    }
    const dLat = (radius_km / EARTH_RADIUS_KM) * (180 / Math.PI)
    const dLng = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01)
    where.push("latitude BETWEEN ? AND ?", "longitude BETWEEN ? AND ?")
    params.push(latitude - dLat, latitude + dLat, longitude - dLng, longitude + dLng)
    distance =
      `(${EARTH_RADIUS_KM} * 2 * asin(sqrt(power(sin(radians(latitude - ${latitude}) / 2), 2) + ` +
      `cos(radians(${latitude})) * cos(radians(latitude)) * power(sin(radians(longitude - ${longitude}) / 2), 2))))`
    where.push(`${distance} <= ?`)
    params.push(radius_km)
    order = "distance_km ASC, id ASC"
  }

  params.push(search.limit, search.offset)
  return {
    sql:
      `SELECT id, code, public_code, name, address, city, postcode, province, country_code, latitude, longitude, ` +
      `opening_hours, network_code, network_name, requires_verification_code, ${distance} AS distance_km, ` +
      `count(*) OVER () AS total_count FROM pickup_point WHERE ${where.join(" AND ")} ` +
      `ORDER BY ${order} LIMIT ? OFFSET ?`,
    params,
  }
}
