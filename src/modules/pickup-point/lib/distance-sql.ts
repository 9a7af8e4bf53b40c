const EARTH_RADIUS_KM = 6371

export type Around = { latitude: number; longitude: number; radius_km: number }

/** Throws unless every number is finite: they are written into SQL text, not bound. */
function assertFinite(numbers: Record<string, number>) {
  const bad = Object.keys(numbers).filter((name) => !Number.isFinite(numbers[name]))
  if (bad.length) throw new TypeError(`${bad.join(", ")} must be finite numbers`)
}

/**
 * The great-circle distance in km from a point's `latitude` and `longitude`
 * columns to a coordinate (the haversine formula, on built-in PostgreSQL).
 * NULL for a point without coordinates.
 */
export function distanceKmSql(latitude: number, longitude: number): string {
  assertFinite({ latitude, longitude })
  // least(1, …): for two points opposite on the globe, rounding can put the root a hair above 1, which asin refuses.
  // least() ignores a NULL, so a point without coordinates is NULL by the CASE, not half the globe away.
  return (
    `(CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL ELSE ` +
    `${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(power(sin(radians(latitude - ${latitude}) / 2), 2) + ` +
    `cos(radians(${latitude})) * cos(radians(latitude)) * power(sin(radians(longitude - ${longitude}) / 2), 2)))) END)`
  )
}

/**
 * The points within `radius_km` of a coordinate: a bounding box first, which
 * the `(latitude, longitude)` index answers, then the distance itself.
 */
export function withinRadiusSql({ latitude, longitude, radius_km }: Around): { where: string[]; params: unknown[]; distance: string } {
  assertFinite({ latitude, longitude, radius_km })
  const dLat = (radius_km / EARTH_RADIUS_KM) * (180 / Math.PI)
  const dLng = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01)
  const distance = distanceKmSql(latitude, longitude)
  return {
    where: ["latitude BETWEEN ? AND ?", "longitude BETWEEN ? AND ?", `${distance} <= ?`],
    params: [latitude - dLat, latitude + dLat, longitude - dLng, longitude + dLng, radius_km],
    distance,
  }
}

/** A distance as PostgreSQL returns it (a float, or its text), to the nearest 10 m; null stays null. */
export function roundedKm(distance: number | string | null): number | null {
  return distance === null ? null : Math.round(Number(distance) * 100) / 100
}
