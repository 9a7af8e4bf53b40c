import { buildPickupPointSearchSql, foldSearchText } from "../search"

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
