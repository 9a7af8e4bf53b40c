import { buildPickupPointSearchSql, foldSearchText, postcodeWithoutSeparators, shorterPostcodeSearches } from "../search"

describe("foldSearchText", () => {
  it("takes the marks off Latin, Greek and Cyrillic letters, as the catalog's search_terms does", () => {
    expect(foldSearchText("Forlì Città Caffè Ñandú Łódź Søndergård Αθήνα ёлка")).toBe("Forli Citta Caffe Nandu Lodz Sondergard Αθηνα елка")
  })

  it("folds compatibility forms and keeps the marks of other scripts", () => {
    expect(foldSearchText("ﬁne ＡＢＣ ①")).toBe("fine ABC 1")
    expect(foldSearchText("हिन्दी")).toBe("हिन्दी")
    expect(foldSearchText("서울")).toBe("서울")
  })
})

describe("buildPickupPointSearchSql", () => {
  const words = (q: string) => buildPickupPointSearchSql({ q, limit: 20, offset: 0 }).params[0]

  it("looks up each folded word typed, split at punctuation as the catalog's words are", () => {
    expect(words("Forlì")).toBe("forli")
    expect(words("00-950")).toBe("00 950")
    expect(words("Sant’Agata 12/14 «Duomo»")).toBe("sant agata 12 14 duomo")
    // PostgreSQL lowercases a final Σ to σ.
    expect(words("ΑΘΗΝΑΣ Αθήνας")).toBe("αθηνασ αθηνασ")
  })
})

describe("postcodeWithoutSeparators", () => {
  const search = (postcode: string) => ({ postcode, limit: 20, offset: 0 })

  it("tries again a postcode typed without spaces or dashes, of 4 characters or more", () => {
    expect(postcodeWithoutSeparators(search("00950"))).toEqual({ ...search("00950"), postcode_compact: true })
    expect(postcodeWithoutSeparators(search("SW1A1AA"))).toMatchObject({ postcode_compact: true })
  })

  it("does not for a short one, one with a separator, or a second time", () => {
    expect(postcodeWithoutSeparators(search("009"))).toBeNull()
    expect(postcodeWithoutSeparators(search("00-950"))).toBeNull()
    expect(postcodeWithoutSeparators({ ...search("00950"), postcode_compact: true })).toBeNull()
    expect(postcodeWithoutSeparators({ q: "forli", limit: 20, offset: 0 })).toBeNull()
  })

  it("finds the points through the search terms, then compares the postcode without its separators", () => {
    const { sql, params } = buildPickupPointSearchSql({ ...search("00950"), postcode_compact: true })
    expect(sql).toContain("search_terms @@ plainto_tsquery('simple', ?) AND upper(translate(postcode, ' -', '')) LIKE ?")
    expect(params.slice(0, 2)).toEqual(["00950", "00950%"])
  })
})

describe("shorterPostcodeSearches", () => {
  const search = (postcode: string) => ({ postcode, limit: 20, offset: 0 })
  const postcodes = (postcode: string) => shorterPostcodeSearches(search(postcode)).map((s) => s.postcode)

  it("shortens the postcode one character at a time, down to 3, keeping the rest of the search", () => {
    expect(postcodes("20121")).toEqual(["2012", "201"])
    expect(shorterPostcodeSearches({ ...search("00950"), postcode_compact: true, city: "Roma" })[0]).toEqual({ ...search("0095"), postcode_compact: true, city: "Roma" })
    expect(postcodes(" SW1A 1AA ")).toEqual(["SW1A 1A", "SW1A 1", "SW1A", "SW1"])
  })

  it("gives nothing for a postcode of 3 characters or fewer, or none", () => {
    expect(postcodes("201")).toEqual([])
    expect(postcodes("")).toEqual([])
    expect(shorterPostcodeSearches({ q: "forli", limit: 20, offset: 0 })).toEqual([])
  })
})
