import { CSV_IMPORT_MAX_BYTES } from "../../../modules/pickup-point/lib/import-limits"
import { decodeUtf8, IMPORT_MAX_MEGABYTES, MAX_IMPORT_ROWS_LISTED, oversizedImportMegabytes, rowsListed } from "../csv-file"

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

describe("an import too large for the server", () => {
  it("measures a file as it is sent, line ends and quotes escaped, against the server's limit", () => {
    expect(IMPORT_MAX_MEGABYTES).toBe(25)
    // 1,000 bytes of file, 100 of them line ends: 1,100 bytes and more once sent as JSON.
    const csv = "a,b,c,d,e\n".repeat(100)
    expect(csv).toHaveLength(1_000)
    expect(oversizedImportMegabytes(csv, 1_050)).not.toBeNull()
    expect(oversizedImportMegabytes(csv, 1_200)).toBeNull()
    expect(oversizedImportMegabytes("code\n")).toBeNull()
  })

  it("says the size in megabytes, rounded up to a tenth", () => {
    const csv = "x".repeat(CSV_IMPORT_MAX_BYTES + 200 * 1024)
    expect(oversizedImportMegabytes(csv)).toBe(25.2)
  })
})
