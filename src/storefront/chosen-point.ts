import type { OpeningHours, PickupPointDetails } from "./pickup-point"

/** The parts of a cart's or an order's shipping method these helpers read (request `+shipping_methods.data`). */
export type ShippingMethodLike = {
  id?: string
  name?: string | null
  shipping_option_id?: string | null
  data?: Record<string, unknown> | null
}

export type WithShippingMethods = { shipping_methods?: (ShippingMethodLike | null | undefined)[] | null }

/**
 * The point a cart or an order ships to. `point` is the snapshot the server
 * stored when the point was chosen; null when the method carries the code only
 * (a store on an older plugin version), so show the code, or look it up.
 */
export type ChosenPickupPoint = {
  code: string
  point: PickupPointDetails | null
  shipping_method_id: string | null
  shipping_method_name: string | null
}

/** The chosen pickup point of a cart or an order, or null when none of its shipping methods goes to one. */
export function readChosenPickupPoint(cartOrOrder: WithShippingMethods | null | undefined): ChosenPickupPoint | null {
  for (const method of cartOrOrder?.shipping_methods ?? []) {
    const data = method?.data
    if (!data) continue
    const snapshot = readSnapshot(data.pickup_point)
    const code = nonEmpty(data.pickup_point_code) ?? snapshot?.code
    if (!code) continue
    return {
      code,
      // Another point's snapshot beside the code says nothing about this point (as the server reads it).
      point: snapshot?.code === code ? snapshot : null,
      shipping_method_id: method?.id ?? null,
      shipping_method_name: method?.name ?? null,
    }
  }
  return null
}

/** Reads the stored snapshot leniently: a field of the wrong type is left out, a snapshot without a name or address is none. */
function readSnapshot(value: unknown): PickupPointDetails | null {
  if (!value || typeof value !== "object") return null
  const raw = value as Record<string, unknown>
  const code = nonEmpty(raw.code)
  const name = nonEmpty(raw.name)
  const address = nonEmpty(raw.address)
  if (!code || !name || !address) return null
  return {
    code,
    name,
    address,
    postcode: nonEmpty(raw.postcode) ?? "",
    city: nonEmpty(raw.city) ?? "",
    country_code: nonEmpty(raw.country_code) ?? "",
    province: nonEmpty(raw.province) ?? null,
    opening_hours: raw.opening_hours && typeof raw.opening_hours === "object" ? (raw.opening_hours as OpeningHours) : null,
    requires_verification_code: raw.requires_verification_code === true,
    latitude: finite(raw.latitude),
    longitude: finite(raw.longitude),
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined
}

function finite(value: unknown): number | null {
  const number = typeof value === "string" ? Number(value) : value
  return typeof number === "number" && Number.isFinite(number) ? number : null
}
