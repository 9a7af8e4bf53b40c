import { readPickupPointCsv } from "../lib/pickup-point-csv"

const HEADER = "code,name,address,city,postcode,province,country_code"

describe("readPickupPointCsv", () => {
  it("reads a file with commas, CRLF line ends and a UTF-8 BOM", () => {
    const read = readPickupPointCsv(`\ufeff${HEADER}\r\nPT1,Tabacchi Navigli,"Via Roma, 12",Milano,20121,MI,IT\r\n`)
    expect(read.rejected).toEqual([])
    expect(read.valid).toEqual([
      { line: 2, input: expect.objectContaining({ code: "PT1", address: "Via Roma, 12", city: "Milano", postcode: "20121", province: "MI", country_code: "it" }) },
    ])
  })

  it("reads a file with semicolons, as Excel writes it where the decimal mark is a comma", () => {
    const read = readPickupPointCsv("code;name;address;city;postcode;country_code;latitude;longitude\nPT1;Tabacchi;Via Roma, 12;Milano;20121;IT;45,46;9,19\n")
    expect(read.rejected).toEqual([])
    expect(read.valid[0].input).toMatchObject({ code: "PT1", address: "Via Roma, 12", latitude: 45.46, longitude: 9.19 })
  })

  it("finds the delimiter on the header line when blank lines come before it", () => {
    const read = readPickupPointCsv("\n  \ncode;name;address;city;postcode;country_code\nPT1;Tabacchi;Via Roma, 12;Milano;20121;IT\n")
    expect(read.rejected).toEqual([])
    expect(read.valid.map((v) => v.line)).toEqual([4])
  })

  it("reads a file with tabs", () => {
    const read = readPickupPointCsv("code\tname\taddress\tcity\tpostcode\tcountry_code\nPT1\tTabacchi\tVia Roma 12\tMilano\t20121\tIT\n")
    expect(read.valid.map((v) => v.input.code)).toEqual(["PT1"])
  })

  it("rejects a row whose cells shifted (an unquoted delimiter) instead of reading them into the wrong fields", () => {
    const read = readPickupPointCsv(`${HEADER}\nPT1,Tabacchi,Via Roma, 12,Milano,20121,MI,IT\nPT2,Edicola,Via Po 3,Torino,10121,TO,IT\n`)
    expect(read.valid.map((v) => v.input.code)).toEqual(["PT2"])
    expect(read.rejected).toEqual([
      {
        line: 2,
        code: "PT1",
        result: "rejected",
        reason: expect.stringMatching(/^has a value outside the named columns \(8 cells for 7 columns\): put a cell that holds the delimiter/),
        problems: [{ field: null, kind: "shifted", cells: 8, columns: 7 }],
      },
    ])
  })

  it("leaves out rows of empty cells and an unnamed trailing column, and names rows by a code column in any case", () => {
    const read = readPickupPointCsv("Code,Name,Address,City,Postcode,Country_Code,\nPT1,Tabacchi,Via Po 3,Torino,10121,IT,\n,,,,,,\nPT2,,Via Po 4,Torino,10121,IT,\n")
    expect(read.valid.map((v) => v.input.code)).toEqual(["PT1"])
    expect(read.rejected).toEqual([{ line: 4, code: "PT2", result: "rejected", reason: expect.stringContaining("name"), problems: [{ field: "name", kind: "required" }] }])
  })

  it("says why each field of a row was refused, as data the admin can put in its own words", () => {
    const columns = "code,name,address,city,postcode,country_code,latitude,longitude,opening_hours,is_active"
    const read = readPickupPointCsv(
      [
        columns,
        `PT1,${"N".repeat(201)},Via Po 3,Torino,10121,ITA,95,9.1,"{""mon"": [""9-13""]}",maybe`,
        "PT2,Edicola,,Torino,10121,IT,45.1,east,,",
        "PT3,Edicola,Via Po 3,Torino,10121,IT,,,,",
        "PT3,Edicola,Via Po 5,Torino,10121,IT,,,,",
        // Two issues with one field: its first says what to fix (the NUL byte, before the length).
        `PT4,Edicola\u0000${"N".repeat(200)},Via Po 7,Torino,10121,IT,,,,`,
        // One coordinate alone is a typo, not a place on the map.
        "PT5,Edicola,Via Po 9,Torino,10121,IT,45.07,,,",
      ].join("\n")
    )
    expect(read.rejected.map((row) => [row.line, row.problems])).toEqual([
      [
        2,
        [
          { field: "name", kind: "too_long", max: 200 },
          { field: "country_code", kind: "country" },
          { field: "latitude", kind: "latitude" },
          { field: "opening_hours", kind: "opening_hours" },
          { field: "is_active", kind: "not_boolean" },
        ],
      ],
      [
        3,
        [
          { field: "address", kind: "required" },
          { field: "longitude", kind: "longitude" },
        ],
      ],
      [5, [{ field: "code", kind: "repeats", line: 4 }]],
      [6, [{ field: "name", kind: "not_text" }]],
      [7, [{ field: "longitude", kind: "coordinates" }]],
    ])
    expect(read.rejected[4].reason).toBe("longitude must be given with latitude: give both coordinates or neither")
  })

  it("refuses a header it cannot read, once, saying which columns it takes", () => {
    expect(() => readPickupPointCsv("codice,nome,indirizzo\nPT1,Tabacchi,Via Po 3\n")).toThrow(
      /^unknown columns "codice", "nome", "indirizzo" in the first line: the columns are code, public_code, name, address/
    )
    expect(() => readPickupPointCsv("name,address,city\nTabacchi,Via Po 3,Torino\n")).toThrow(/the first line has no "code" column/)
    expect(() => readPickupPointCsv("code,name,code\nPT1,a,b\n")).toThrow('the column "code" appears twice in the first line')
    expect(() => readPickupPointCsv("\n\n")).toThrow(/^the file is empty/)
  })
})
