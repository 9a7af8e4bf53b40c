import { validateHeaderValue } from "node:http"
import { headerList, inlineDisposition } from "../content-disposition"

describe("headers that name a label file or echo ids", () => {
  it("keeps an ASCII file name as it is", () => {
    expect(inlineDisposition("label-TEST-1001.pdf")).toBe('inline; filename="label-TEST-1001.pdf"')
  })

  it("gives any other name an ASCII fallback and its exact UTF-8 form, in a value Node accepts", () => {
    const header = inlineDisposition('label-ЗАКАЗ-12 "a"(b).pdf')
    expect(header).toBe(
      `inline; filename="label-_-12_a_b_.pdf"; filename*=UTF-8''label-%D0%97%D0%90%D0%9A%D0%90%D0%97-12%20%22a%22%28b%29.pdf`
    )
    expect(() => validateHeaderValue("Content-Disposition", header)).not.toThrow()
    expect(() => validateHeaderValue("Content-Disposition", 'inline; filename="label-ЗАКАЗ-12.pdf"')).toThrow()
  })

  it("echoes ids a client sent without breaking the header", () => {
    const header = headerList(["pushp_01ABC", "bad\nid", "€"])
    expect(header).toBe("pushp_01ABC,bad%0Aid,%E2%82%AC")
    expect(() => validateHeaderValue("X-Pickup-Point-Skipped", header)).not.toThrow()
  })
})
