import { readPickupPointCsv } from "../pickup-point-csv"
import { pickupPointInputSchema } from "../pickup-point-schema"

describe("readPickupPointCsv", () => {
  const header = "code,name,address,city,postcode,country_code"

  it("reads a quote inside an unquoted cell as part of the text, not as the file's end", () => {
    const { valid, rejected } = readPickupPointCsv(
      [header, 'PP-1,Bar "Da Mario",Piazza "Garibaldi" 3,Milano,20121,IT', 'PP-2,Edicola,"Via Roma, 12",Torino,10121,IT'].join("\n")
    )
    expect(rejected).toEqual([])
    expect(valid.map(({ line, input }) => [line, input.name, input.address])).toEqual([
      [2, 'Bar "Da Mario"', 'Piazza "Garibaldi" 3'],
      [3, "Edicola", "Via Roma, 12"],
    ])
  })

  it("still rejects, row by row, a cell whose delimiter was not quoted", () => {
    const { valid, rejected } = readPickupPointCsv([header, "PP-1,Edicola,Via Roma, 12,Torino,10121,IT", "PP-2,Bar,Via Po 3,Torino,10121,IT"].join("\n"))
    expect(valid.map(({ input }) => input.code)).toEqual(["PP-2"])
    expect(rejected).toEqual([expect.objectContaining({ line: 2, code: "PP-1", problems: [expect.objectContaining({ kind: "shifted" })] })])
  })

  it("rejects a shifted row whose last column is empty: the extra cell is empty, the fields shifted all the same", () => {
    const withNetwork = `${header},network_code,network_name`
    const { valid, rejected } = readPickupPointCsv(
      [withNetwork, "PP-1,Bar Porta Nuova,Corso Vittorio Emanuele II, 53,Torino,10125,IT,PUDO,", "PP-2,Bar,Via Po 3,Torino,10121,IT,PUDO,"].join("\n")
    )
    expect(valid.map(({ input }) => input.code)).toEqual(["PP-2"])
    expect(rejected).toEqual([
      expect.objectContaining({
        line: 2,
        code: "PP-1",
        reason: expect.stringContaining('(9 cells for 8 columns): put a cell that holds the delimiter (an address such as "Via Roma, 12") in double quotes'),
        problems: [{ field: null, kind: "shifted", cells: 9, columns: 8 }],
      }),
    ])
  })

  it("reads a header's trailing delimiter as an unnamed column: rows that end with it too are read", () => {
    const { valid, rejected } = readPickupPointCsv([`${header},`, "PP-1,Edicola,Via Roma 12,Torino,10121,IT,"].join("\n"))
    expect(rejected).toEqual([])
    expect(valid.map(({ input }) => [input.code, input.country_code])).toEqual([["PP-1", "it"]])
  })

  it("says a missing coordinate beside the row's other problems, not on the next import", () => {
    const { rejected } = readPickupPointCsv([`${header},latitude,longitude,is_active`, "PP-1,Edicola,Via Po 3,Torino,10121,IT,45.07,,maybe"].join("\n"))
    expect(rejected[0].problems?.map((problem) => problem.field)).toEqual(["is_active", "longitude"])
    expect(rejected[0].reason).toContain("longitude must be given with latitude: give both coordinates or neither")
  })

  it("answers a body that is not an object with an issue, not a TypeError from the coordinates' check", () => {
    for (const body of [undefined, null, "PP-1"]) expect(pickupPointInputSchema.safeParse(body).success).toBe(false)
  })
})
