import { decodeUtf8, MAX_IMPORT_ROWS_LISTED, rowsListed } from "../csv-file"

describe("decodeUtf8", () => {
  it("reads UTF-8, with or without a BOM", () => {
    const text = "code,city\nPT1,Forlì\n"
    expect(decodeUtf8(new TextEncoder().encode(text).buffer as ArrayBuffer)).toBe(text)
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])
    expect(decodeUtf8(withBom.buffer)).toBe(text)
  })

  it("refuses Windows-1252 bytes (Excel's plain CSV) instead of garbling them", () => {
    // "Forlì" with ì as the single byte 0xEC.
    const latin = new Uint8Array([...new TextEncoder().encode("code,city\nPT1,Forl"), 0xec, 0x0a])
    expect(decodeUtf8(latin.buffer)).toBeNull()
  })
})

describe("the rows an import lists", () => {
  const rows = (count: number, rejectedEvery: number) =>
    Array.from({ length: count }, (_, index) => ({ line: index + 2, result: index % rejectedEvery === 0 ? "rejected" : "created" }))

  it("lists every row of a small file", () => {
    expect(rowsListed(rows(MAX_IMPORT_ROWS_LISTED, 50))).toHaveLength(MAX_IMPORT_ROWS_LISTED)
  })

  it("lists only the rejected rows of a large file, the first of them", () => {
    const national = rows(12_000, 1_000)
    expect(rowsListed(national).map((row) => row.line)).toEqual(Array.from({ length: 12 }, (_, index) => 2 + index * 1_000))
    expect(rowsListed(rows(12_000, 2))).toHaveLength(MAX_IMPORT_ROWS_LISTED)
  })
})
