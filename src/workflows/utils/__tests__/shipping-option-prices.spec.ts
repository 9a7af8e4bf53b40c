import { hasEveryPrice, optionPrices } from "../shipping-option-prices"

describe("optionPrices", () => {
  it("reads a price with a region rule as the region's, the others by currency", () => {
    expect(
      optionPrices([
        { currency_code: "eur", amount: 4.9, price_rules: [] },
        { currency_code: "eur", amount: 3.9, price_rules: [{ attribute: "region_id", value: "reg_1" }] },
        { currency_code: "USD", amount: 6, price_rules: null },
      ])
    ).toEqual([{ currency_code: "eur", amount: 4.9 }, { region_id: "reg_1", amount: 3.9 }, { currency_code: "usd", amount: 6 }])
  })

  it("leaves out a price with another rule, which the setup never sets (free shipping over a total, say)", () => {
    expect(
      optionPrices([
        { currency_code: "eur", amount: 4.9, price_rules: [] },
        { currency_code: "eur", amount: 0, price_rules: [{ attribute: "item_total", value: "50" }] },
      ])
    ).toEqual([{ currency_code: "eur", amount: 4.9 }])
  })
})

describe("hasEveryPrice", () => {
  const current = [{ currency_code: "eur", amount: 4.9 }, { region_id: "reg_1", amount: 3.9 }]

  it("holds when each asked price is already the option's, whatever the currency's case", () => {
    expect(hasEveryPrice(current, [{ currency_code: "EUR", amount: 4.9 }])).toBe(true)
    expect(hasEveryPrice(current, [{ region_id: "reg_1", amount: 3.9 }, { currency_code: "eur", amount: 4.9 }])).toBe(true)
  })

  it("fails on another amount, a currency the option has no price in, or a region's price asked by currency", () => {
    expect(hasEveryPrice(current, [{ currency_code: "eur", amount: 3.5 }])).toBe(false)
    expect(hasEveryPrice(current, [{ currency_code: "usd", amount: 4.9 }])).toBe(false)
    expect(hasEveryPrice(current, [{ currency_code: "eur", amount: 3.9 }])).toBe(false)
    expect(hasEveryPrice(current, [{ region_id: "reg_2", amount: 3.9 }])).toBe(false)
  })
})
