/** The catalog fields a snapshot is made from. */
type CatalogPoint = {
  code: string
  public_code?: string | null
  name: string
  address: string
  postcode: string
  city: string
  province?: string | null
  country_code: string
  opening_hours?: unknown
  requires_verification_code?: boolean | null
  latitude?: number | null
  longitude?: number | null
}

/**
 * Where to collect, as the shopper chose it: stored on the shipping method
 * (`data.pickup_point`, and so on the order's) when it is chosen, and again
 * at completion if the catalog changed it meanwhile, so that review,
 * confirmation and account pages show the point as it was when the order
 * was placed, with no second look-up. It holds the point's public details
 * only.
 */
export type PickupPointSnapshot = {
  code: string
  public_code: string | null
  name: string
  address: string
  postcode: string
  city: string
  province: string | null
  country_code: string
  opening_hours: Record<string, string[]> | null
  requires_verification_code: boolean
  latitude: number | null
  longitude: number | null
}

export function pickupPointSnapshot(point: CatalogPoint): PickupPointSnapshot {
  return {
    code: point.code,
    public_code: point.public_code ?? null,
    name: point.name,
    address: point.address,
    postcode: point.postcode,
    city: point.city,
    province: point.province ?? null,
    country_code: point.country_code,
    opening_hours: point.opening_hours && typeof point.opening_hours === "object" ? (point.opening_hours as Record<string, string[]>) : null,
    requires_verification_code: point.requires_verification_code === true,
    latitude: typeof point.latitude === "number" ? point.latitude : null,
    longitude: typeof point.longitude === "number" ? point.longitude : null,
  }
}

/**
 * The snapshot of `code` held in `value` (a shipping method's
 * `data.pickup_point`, or a shipment's catalog entry), rebuilt with the
 * public fields only; null when it is none, or another point's.
 */
export function snapshotFor(code: string, value: unknown): PickupPointSnapshot | null {
  if (!value || typeof value !== "object") return null
  const point = value as Partial<CatalogPoint>
  const texts = [point.name, point.address, point.postcode, point.city, point.country_code]
  return point.code === code && texts.every((text) => typeof text === "string") ? pickupPointSnapshot(point as CatalogPoint) : null
}
