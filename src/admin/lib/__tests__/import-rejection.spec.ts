import i18next from "i18next"
import { readPickupPointCsv } from "../../../modules/pickup-point/lib/pickup-point-csv"
import resources from "../../i18n"
import { rejectionText } from "../import-rejection"

/** What the import drawer shows for each refused row of a file, in a language, through i18next as the dashboard runs it. */
async function shown(language: "en" | "it", csv: string) {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: language, resources, fallbackLng: "en", interpolation: { escapeValue: false } })
  return readPickupPointCsv(csv).rejected.map((row) => rejectionText(row, (key, options) => i18n.t(key, options)))
}

const CSV = [
  "code,name,address,city,postcode,country_code,latitude,is_active",
  `PT1,${"N".repeat(201)},,Torino,10121,ITA,95,maybe`,
  "PT2,Edicola,Via Po 3,Torino,10121,IT,,",
  "PT2,Edicola,Via Po 5,Torino,10121,IT,,",
  "PT3,Edicola,Via Po, 7,Torino,10121,IT,45.1,true",
].join("\n")

describe("a refused CSV row in the import drawer", () => {
  it("says in Italian what is wrong with each column, naming the columns", async () => {
    expect(await shown("it", CSV)).toEqual([
      // The file has no longitude column: said with the row's other problems, not on the next import.
      "name: Al massimo 200 caratteri. address: Obbligatorio. country_code: Due lettere, come IT. latitude: Un numero da -90 a 90. is_active: Deve essere yes o no (oppure true o false, 1 o 0). longitude: Indica latitudine e longitudine insieme.",
      "code: Ripete la riga 3: un codice compare una sola volta nel file.",
      'La riga ha 9 celle per 8 colonne: metti tra virgolette doppie la cella che contiene il delimitatore (un indirizzo come "Via Roma, 12").',
    ])
  })

  it("asks for the hours column as JSON, not as the form's line a day, and refuses a range that closes before it opens", async () => {
    const hours = ["code,name,address,city,postcode,country_code,opening_hours", 'PT4,Edicola,Via Po 9,Torino,10121,IT,"09:00-13:00, 15:00-19:00"', 'PT5,Edicola,Via Po 11,Torino,10121,IT,"{""mon"":[""19:00-09:00""]}"'].join("\n")
    const said = 'opening_hours: Must be JSON such as {"mon": ["09:00-13:00", "15:00-19:00"]}: days mon to sun, at most 6 ranges HH:mm-HH:mm a day, each opening before it closes.'
    expect(await shown("en", hours)).toEqual([said, said])
  })

  it("says the same in English, and falls back to the server's own reason when it sent no problems", async () => {
    expect((await shown("en", CSV))[1]).toBe("code: Repeats line 3: a code appears once in a file.")
    expect(rejectionText({ reason: "the database refused this row (error 23505)" }, () => "unused")).toBe("the database refused this row (error 23505)")
  })
})
