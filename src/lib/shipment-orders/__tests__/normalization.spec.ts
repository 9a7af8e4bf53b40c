import { parseServiceDate, parseServiceTime } from "../dates"
import { compactStatusCode, normalizeStatusCode } from "../status-codes"

describe("normalizeStatusCode", () => {
  it.each([
    ["ST_0007", "ST_0007"],
    ["ST0007", "ST_0007"],
    ["st0006", "ST_0006"],
    ["ST_7", "ST_0007"],
    [7, "ST_0007"],
    ["6", "ST_0006"],
    [" ST0001 ", "ST_0001"],
    ["DELIVERED", "DELIVERED"],
    ["ST_00071", "ST_00071"],
  ])("reads %p as %p", (input, expected) => {
    expect(normalizeStatusCode(input)).toBe(expected)
  })

  it("writes the compact spelling of the status response", () => {
    expect(compactStatusCode("ST_0006")).toBe("ST0006")
    expect(compactStatusCode("ST0006")).toBe("ST0006")
  })
})

describe("parseServiceDate", () => {
  it.each([
    ["20261122", "2026-11-22"],
    ["22/11/2026", "2026-11-22"],
    ["2026-11-22", "2026-11-22"],
    ["29/02/2028", "2028-02-29"],
    ["31/02/2026", null],
    ["29/02/2026", null],
    ["20260229", null],
    ["2026-04-31", null],
    ["00/11/2026", null],
    [" 22/11/2026 ", "2026-11-22"],
    ["2026/11/22", null],
    ["20261322", null],
    ["22-11-2026", null],
    ["", null],
    [null, null],
  ])("reads %p as %p", (input, expected) => {
    expect(parseServiceDate(input)).toBe(expected)
  })
})

describe("parseServiceTime", () => {
  it.each([
    ["10:15", "10:15"],
    ["9:05", "09:05"],
    ["24:00", null],
    ["10:60", null],
    ["noon", null],
    [null, null],
  ])("reads %p as %p", (input, expected) => {
    expect(parseServiceTime(input)).toBe(expected)
  })
})
