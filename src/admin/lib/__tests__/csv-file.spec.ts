import { decodeUtf8 } from "../csv-file"

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
