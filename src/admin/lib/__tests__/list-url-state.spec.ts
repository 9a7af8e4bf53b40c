import { pageIndexOf } from "../list-url-state"

describe("the page a list's URL names", () => {
  it("reads a whole number offset as its page, and anything else as the first", () => {
    expect(pageIndexOf("0", 20)).toBe(0)
    expect(pageIndexOf("40", 20)).toBe(2)
    // An offset someone typed between two pages shows the page it falls in.
    expect(pageIndexOf("30", 20)).toBe(1)
    for (const odd of ["", "-20", "2.5", "abc", "1e400", "1e20"]) expect(pageIndexOf(odd, 20)).toBe(0)
  })
})
