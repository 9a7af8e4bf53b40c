import { buildAdminCatalogCountSql, buildAdminCatalogPageSql } from "../admin-catalog-search"
import { roundedKm, withinRadiusSql } from "../distance-sql"
import { buildPickupPointSearchSql } from "../search"

describe("withinRadiusSql", () => {
  it("bounds the coordinate's box by the radius, wider in longitude away from the equator", () => {
    const { params } = withinRadiusSql({ latitude: 45, longitude: 9, radius_km: 10 })
    const [latFrom, latTo, lngFrom, lngTo, radius] = params as number[]
    expect(latTo - latFrom).toBeCloseTo(2 * 0.0899, 3)
    // 1° of longitude at 45° is cos(45°) of a degree of latitude.
    expect((lngTo - lngFrom) * Math.cos(Math.PI / 4)).toBeCloseTo(latTo - latFrom, 6)
    expect(radius).toBe(10)
  })

  it("refuses a number that is not finite, as it is written into the statement", () => {
    expect(() => withinRadiusSql({ latitude: Number.NaN, longitude: 9, radius_km: Infinity })).toThrow("latitude, radius_km must be finite numbers")
    expect(() => buildPickupPointSearchSql({ near: { latitude: 45, longitude: 9, radius_km: Number.NaN }, limit: 20, offset: 0 })).toThrow(TypeError)
    expect(() => buildAdminCatalogPageSql({ near: { latitude: 45, longitude: Infinity }, limit: 20, offset: 0 })).toThrow(TypeError)
  })
})

describe("the admin's catalog search around a coordinate", () => {
  const search = { q: "bar", is_active: true, limit: 10, offset: 0 }

  it("orders by distance, points without coordinates last, and limits to the radius only when one is given", () => {
    const everywhere = buildAdminCatalogPageSql({ ...search, near: { latitude: 45.46, longitude: 9.19 } })
    expect(everywhere.sql).toMatch(/AS distance_km FROM pickup_point WHERE .* ORDER BY distance_km ASC NULLS LAST, code ASC, id ASC LIMIT \? OFFSET \?$/)
    expect(everywhere.sql).not.toContain("BETWEEN")

    const around = buildAdminCatalogPageSql({ ...search, near: { latitude: 45.46, longitude: 9.19, radius_km: 50 } })
    expect(around.sql).toContain("latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?")
    // The count counts the same points as the page.
    const count = buildAdminCatalogCountSql({ ...search, near: { latitude: 45.46, longitude: 9.19, radius_km: 50 } })
    expect(count.params).toEqual(around.params.slice(0, -2))
  })

  it("keeps the code order, with no distance, without a coordinate", () => {
    expect(buildAdminCatalogPageSql(search).sql).toMatch(/^SELECT id, NULL::float AS distance_km .* ORDER BY code ASC, id ASC/)
  })
})

describe("roundedKm", () => {
  it("rounds to 10 m, from a number or PostgreSQL's text, and keeps null", () => {
    expect(roundedKm(1.74144)).toBe(1.74)
    expect(roundedKm("126.50284")).toBe(126.5)
    expect(roundedKm(null)).toBeNull()
  })
})
