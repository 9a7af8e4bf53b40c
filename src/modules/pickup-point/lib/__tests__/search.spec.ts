import { buildCountryHasPointsSql, buildPickupPointSearchSql, foldSearchText, postcodeWithoutSeparators, shorterPostcodeSearches } from "../search"

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

  it("shortens the postcode one character at a time, at most 3 times and down to 3 characters", () => {
    expect(postcodes("20121")).toEqual(["2012", "201"])
    expect(postcodes(" SW1A 1AA ")).toEqual(["SW1A 1A", "SW1A 1", "SW1A"])
    expect(postcodes("20121-000000")).toHaveLength(3)
  })

  it("compares without separators only from 4 characters, as a search of that prefix would", () => {
    const compact = { ...search("90002"), postcode_compact: true, country_code: "pl" }
    expect(shorterPostcodeSearches(compact)).toEqual([
      { ...search("9000"), postcode_compact: true, country_code: "pl" },
      { ...search("900"), country_code: "pl" },
    ])
  })

  it("counts LIKE's own characters out, as the condition drops them", () => {
    expect(postcodes("20_21")).toEqual(["202"])
    expect(postcodes("2012%%%")).toEqual(["201"])
  })

  it("gives nothing for a postcode of 3 characters or fewer, or with free text, a city or a position", () => {
    expect(postcodes("201")).toEqual([])
    expect(postcodes("")).toEqual([])
    expect(shorterPostcodeSearches({ ...search("20121"), q: "tabacchi" })).toEqual([])
    expect(shorterPostcodeSearches({ ...search("20121"), city: "Milano" })).toEqual([])
    expect(shorterPostcodeSearches({ ...search("20121"), near: { latitude: 45.46, longitude: 9.19, radius_km: 5 } })).toEqual([])
  })
})

describe("buildCountryHasPointsSql", () => {
  it("compares the country as the searches do not, so that its index never enters a search's plan", () => {
    // A search within a country through an index on the country filters the whole country by text: 2.5 ms became 17 ms.
    const search = buildPickupPointSearchSql({ q: "duomo", country_code: "it", limit: 20, offset: 0 }).sql
    const probe = buildCountryHasPointsSql(" it ")
    expect(search).toContain("lower(country_code) = lower(?)")
    expect(search).not.toContain("upper(country_code)")
    expect(probe.sql).toContain("upper(country_code) = upper(?)")
    expect(probe.params).toEqual(["it"])
  })
})
