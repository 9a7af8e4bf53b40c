import { parsePrice } from "../format"

describe("a price as an admin types it", () => {
  it("takes a dot or a decimal comma, and nothing else", () => {
    expect(parsePrice("4.90")).toBe(4.9)
    expect(parsePrice(" 4,90 ")).toBe(4.9)
    expect(parsePrice("0")).toBe(0)
    for (const refused of ["", "-1", "1.234,50", "4,9,0", "abc", "1e3"]) expect(parsePrice(refused)).toBeNaN()
  })
})
