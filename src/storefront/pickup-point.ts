/** Weekdays as the catalog keys opening hours: `mon` … `sun`. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const

export type Weekday = (typeof WEEKDAYS)[number]

/** Per weekday, e.g. `{ "mon": ["09:00-13:00", "15:00-19:00"] }`; days left out are closed. */
export type OpeningHours = Partial<Record<Weekday, string[]>>

/** The fields every view of a point has: a search result, the one-point route, and the snapshot on a shipping method. */
export type PickupPointDetails = {
  code: string
  name: string
  address: string
  postcode: string
  city: string
  country_code: string
  province?: string | null
  opening_hours?: OpeningHours | null
  requires_verification_code?: boolean | null
  latitude?: number | null
  longitude?: number | null
}

/** A point as `GET /store/pickup-points` answers it. */
export type PickupPoint = PickupPointDetails & {
  id?: string
  public_code?: string | null
  network_code?: string | null
  network_name?: string | null
  /** Kilometres from the searched coordinate; null unless the search was by coordinates. */
  distance_km?: number | null
}

/** `GET /store/pickup-points`'s answer. */
export type PickupPointSearchResult = {
  pickup_points: PickupPoint[]
  /** Matches, counted up to 1,000: past it, `count_is_estimate` is true and `count` means "at least". */
  count: number
  count_is_estimate?: boolean
  /**
   * Set when the postcode searched matched no point: these are the points
   * whose postcode begins with this shorter prefix of it (the postcodes
   * around it), and a storefront should say so.
   */
  postcode_prefix?: string
  /**
   * Set when nothing was found and the country searched (`country_code`) has
   * no active pickup point at all: no other search there will find one, and
   * a storefront should say so rather than suggest searching again.
   */
  no_points_in_country?: boolean
  limit: number
  offset: number
}

/**
 * What the storefront can search by. `postcode` is a prefix, `city` an exact
 * city, `q` free text (name, address, city, code); `latitude` + `longitude`
 * (+ `radius_km`) find the nearest first, with `distance_km`.
 */
export type PickupPointQuery = {
  q?: string
  postcode?: string
  city?: string
  country_code?: string
  latitude?: number
  longitude?: number
  radius_km?: number
  limit?: number
  offset?: number
}
