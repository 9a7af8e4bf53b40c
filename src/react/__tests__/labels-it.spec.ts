import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { DEFAULT_PICKER_LABELS, DEFAULT_SUMMARY_LABELS, ITALIAN_PICKER_LABELS, ITALIAN_SUMMARY_LABELS, PickupPointPicker, PickupPointSummary } from ".."
import { PICKUP_POINT_ERRORS } from "../../storefront/error-codes"
import { SHIPMENT_STAGE_TEXT } from "../../storefront/shipment-progress"

/** The `{name}` placeholders of a text, sorted: a translation must keep every one. */
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()

describe("the Italian labels", () => {
  it("word everything the English ones do, with the same placeholders", () => {
    const { errors, ...picker } = ITALIAN_PICKER_LABELS
    const { errors: _englishErrors, ...english } = DEFAULT_PICKER_LABELS
    expect(Object.keys(picker).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(english)) {
      expect([key, placeholders(picker[key as keyof typeof picker] as string)]).toEqual([key, placeholders(text)])
    }
    // Every refusal a shopper can meet, and `other` for a failure without words of its own.
    expect(Object.keys(errors ?? {}).sort()).toEqual([...Object.keys(PICKUP_POINT_ERRORS), "other"].sort())

    const { stages, ...summary } = ITALIAN_SUMMARY_LABELS
    const { stages: _englishStages, ...englishSummary } = DEFAULT_SUMMARY_LABELS
    expect(Object.keys(summary).sort()).toEqual(Object.keys(englishSummary).sort())
    for (const [key, text] of Object.entries(englishSummary)) {
      expect([key, placeholders(summary[key as keyof typeof summary] as string)]).toEqual([key, placeholders(text as string)])
    }
    expect(Object.keys(stages).sort()).toEqual(Object.keys(SHIPMENT_STAGE_TEXT).sort())
  })

  it("render the picker and the summary in Italian, weekdays included", () => {
    const picker = renderToStaticMarkup(
      createElement(PickupPointPicker, {
        api: { search: async () => ({ pickup_points: [], count: 0, limit: 10, offset: 0 }), retrieve: async () => null as never },
        onSelect: () => undefined,
        labels: ITALIAN_PICKER_LABELS,
        locale: "it",
      })
    )
    expect(picker).toContain("Cerca un punto di ritiro per CAP, città o indirizzo")
    expect(picker).toContain(`placeholder="es. 20121 o Milano"`)

    const point = {
      code: "PP-MI-001",
      name: "Edicola Duomo",
      address: "Piazza del Duomo 1",
      postcode: "20122",
      city: "Milano",
      country_code: "it",
      opening_hours: { mon: ["09:00-19:00"] },
      requires_verification_code: true,
    }
    const summary = renderToStaticMarkup(
      createElement(PickupPointSummary, { point, shipment: { stage: "shipped" }, labels: ITALIAN_SUMMARY_LABELS, locale: "it" })
    )
    expect(summary).toContain("Ritira il tuo ordine presso")
    expect(summary).toContain("Stato: In viaggio verso il punto di ritiro")
    expect(summary).toContain("Codice richiesto al ritiro")
    expect(summary).toMatch(/lunedì/i)
  })
})
