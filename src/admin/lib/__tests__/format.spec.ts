import { formatDateTime, formatDecimal, formatMoney, localeOf, parsePrice } from "../format"

describe("a price as an admin types it", () => {
  it("takes a dot or a decimal comma, and nothing else", () => {
    expect(parsePrice("4.90")).toBe(4.9)
    expect(parsePrice(" 4,90 ")).toBe(4.9)
    expect(parsePrice("0")).toBe(0)
    for (const refused of ["", "-1", "1.234,50", "4,9,0", "abc", "1e3"]) expect(parsePrice(refused)).toBeNaN()
  })
})

describe("dates in the dashboard's language", () => {
  it("reads the dashboard's hyphenless language codes, and never throws", () => {
    expect(localeOf("enGB")).toBe("en-GB")
    expect(localeOf("ptBR")).toBe("pt-BR")
    expect(localeOf("zhTW")).toBe("zh-TW")
    expect(localeOf("it")).toBe("it")
    expect(localeOf("not a language")).toBeUndefined()
    const at = new Date("2026-11-24T10:30:00Z")
    expect(formatDateTime(at, "enGB")).toBe(new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(at))
    expect(() => formatDateTime(at, "ptBR")).not.toThrow()
  })
})

describe("sizes in the dashboard's language", () => {
  it("writes the decimal separator of the admin's language, to one decimal", () => {
    expect(formatDecimal(12.5, "en")).toBe("12.5")
    expect(formatDecimal(12.5, "it")).toBe("12,5")
    expect(formatDecimal(8, "it")).toBe("8")
    expect(formatDecimal(1.25, "enGB")).toBe("1.3")
  })
})

describe("amounts of money in the dashboard's language", () => {
  it("writes the currency and its separators as the admin's language does, whatever the code's case", () => {
    expect(formatMoney(4.9, "eur", "en")).toBe("€4.90")
    expect(formatMoney(4.9, "EUR", "it")).toBe("4,90\u00a0€")
    expect(formatMoney(1250, "usd", "enGB")).toBe("US$1,250.00")
  })

  it("says an amount in a code Intl does not know as the amount and the code, rather than failing", () => {
    expect(formatMoney(3.5, "x1", "en")).toBe("3.5 X1")
  })
})
