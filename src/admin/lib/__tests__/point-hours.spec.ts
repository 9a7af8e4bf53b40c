import { hoursShown, sameHours } from "../point-hours"

const ordered = { mon: ["09:00-13:00", "15:00-19:00"], sat: ["09:00-13:00"] }

describe("the order page's opening hours", () => {
  it("compares weeks by what they say: ranges in any order, an empty day and none alike", () => {
    expect(sameHours(ordered, { sat: ["09:00-13:00"], mon: ["15:00-19:00", "09:00-13:00"], sun: [] })).toBe(true)
    expect(sameHours(null, {})).toBe(true)
    expect(sameHours(ordered, { ...ordered, sun: ["10:00-12:00"] })).toBe(false)
    expect(sameHours(ordered, { mon: ["09:00-13:00"], sat: ["09:00-13:00"] })).toBe(false)
  })

  it("shows the catalog's hours while the point is active there, the order's otherwise, and says which", () => {
    const point = { opening_hours: ordered }
    expect(hoursShown(point, { is_active: true, opening_hours: { ...ordered } })).toEqual({ hours: ordered, note: null })
    const now = { ...ordered, sun: ["10:00-12:00"] }
    expect(hoursShown(point, { is_active: true, opening_hours: now })).toEqual({ hours: now, note: "changedSinceOrder" })
    // Hours taken out of the catalog: the last ones known, said so, rather than "not given".
    expect(hoursShown(point, { is_active: true, opening_hours: null })).toEqual({ hours: ordered, note: "asOrderedNoneNow" })
    expect(hoursShown({ opening_hours: null }, { is_active: true, opening_hours: now })).toEqual({ hours: now, note: "changedSinceOrder" })
    expect(hoursShown(point, { is_active: false, opening_hours: now })).toEqual({ hours: ordered, note: "asOrderedInactive" })
    expect(hoursShown(point, null)).toEqual({ hours: ordered, note: "asOrderedRemoved" })
    // Not read (an older server): the order's hours, with nothing said of them.
    expect(hoursShown(point, undefined)).toEqual({ hours: ordered, note: null })
  })
})
