import { zodValidator } from "@medusajs/framework"
import { pickupPointInputSchema } from "../../../modules/pickup-point/lib/pickup-point-schema"
import { fieldErrorsFromApi, formValuesOf, MAX_LENGTHS, parseDayHours, toRequestBody, validatePickupPoint } from "../pickup-point-form"

const valid = { ...formValuesOf(), code: "PP-1", name: "Edicola", address: "Via Roma 1", postcode: "20121", city: "Milano" }

/** The message Medusa's own validation answers the admin route with, for this body. */
async function refusalOf(body: Record<string, unknown>): Promise<string> {
  try {
    await zodValidator(pickupPointInputSchema, body)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("the API schema accepted the body")
}

describe("the pickup-point form against the admin API's rules", () => {
  it("lets no field grow past what the API takes, and no further short of it", async () => {
    for (const [field, max] of Object.entries(MAX_LENGTHS)) {
      const at = toRequestBody({ ...valid, [field]: "A".repeat(max!) }, true)
      await expect(zodValidator(pickupPointInputSchema, at)).resolves.toBeDefined()
      expect(await refusalOf(toRequestBody({ ...valid, [field]: "A".repeat(max! + 1) }, true))).toContain(`'${field}'`)
    }
  })

  it("takes coordinates typed with a decimal comma, as the CSV import does, and sends them as numbers", async () => {
    const typed = { ...valid, latitude: " 45,4642 ", longitude: "9,19" }
    expect(validatePickupPoint(typed)).toEqual({})
    const body = toRequestBody(typed, true)
    expect(body).toMatchObject({ latitude: 45.4642, longitude: 9.19 })
    await expect(zodValidator(pickupPointInputSchema, body)).resolves.toBeDefined()
    expect(validatePickupPoint({ ...valid, latitude: "45,46,42", longitude: "9" })).toEqual({ latitude: "pickupPoint.form.errors.latitude" })
    expect(validatePickupPoint({ ...valid, latitude: "-90,5", longitude: "abc" })).toEqual({
      latitude: "pickupPoint.form.errors.latitude",
      longitude: "pickupPoint.form.errors.longitude",
    })
  })

  it("reads each day's hours as people type them, and sends them as the API takes them", async () => {
    expect(parseDayHours(" 9:00-13:00, 15.00 – 19:00 ")).toEqual(["09:00-13:00", "15:00-19:00"])
    expect(parseDayHours("08:30-12:30; 14:00-18:00")).toEqual(["08:30-12:30", "14:00-18:00"])
    expect(parseDayHours("")).toEqual([])
    expect(parseDayHours("9-13, 15.30-19")).toEqual(["09:00-13:00", "15:30-19:00"])
    expect(parseDayHours(" Closed ")).toEqual([])
    expect(parseDayHours("chiuso")).toEqual([])
    for (const wrong of ["09:00", "24:00-25:00", "09:60-10:00", "mornings", "19-9", "13:00-13:00", "0-0", "9-13 closed"]) expect(parseDayHours(wrong)).toBeNull()

    const typed = { ...valid, opening_hours: { ...valid.opening_hours, mon: "9:00-13:00, 15:00-19:00", sat: "9.00-12.00" } }
    expect(validatePickupPoint(typed)).toEqual({})
    const body = toRequestBody(typed, true)
    expect(body.opening_hours).toEqual({ mon: ["09:00-13:00", "15:00-19:00"], sat: ["09:00-12:00"] })
    await expect(zodValidator(pickupPointInputSchema, body)).resolves.toBeDefined()
    // No day with hours: the hours are not known, rather than closed every day.
    expect(toRequestBody(valid, true).opening_hours).toBeNull()
  })

  it("shows a point's stored hours a day a line, and saves them unchanged", () => {
    const opening_hours = { mon: ["09:00-13:00", "15:00-19:00"], sat: ["09:00-12:00"] }
    const values = formValuesOf({ code: "PP-1", opening_hours } as unknown as Parameters<typeof formValuesOf>[0])
    expect(values.opening_hours).toEqual({ mon: "09:00-13:00, 15:00-19:00", tue: "", wed: "", thu: "", fri: "", sat: "09:00-12:00", sun: "" })
    expect(toRequestBody(values, false).opening_hours).toEqual(opening_hours)
  })

  it("refuses, under its day, a range that is not one or more ranges than the API takes, before the call", async () => {
    const six = "08:00-09:00, 09:00-10:00, 10:00-11:00, 11:00-12:00, 12:00-13:00, 13:00-14:00"
    const withHours = (day: string, text: string) => ({ ...valid, opening_hours: { ...valid.opening_hours, [day]: text } })
    expect(validatePickupPoint(withHours("tue", six))).toEqual({})
    expect(validatePickupPoint(withHours("tue", `${six}, 14:00-15:00`))).toEqual({ "opening_hours.tue": "pickupPoint.form.errors.openingHours" })
    expect(validatePickupPoint(withHours("sun", "all day"))).toEqual({ "opening_hours.sun": "pickupPoint.form.errors.openingHours" })
    // The API refuses a range that closes before it opens too, as the form does.
    expect(validatePickupPoint(withHours("mon", "19:00-09:00"))).toEqual({ "opening_hours.mon": "pickupPoint.form.errors.openingHours" })
    const reversed = fieldErrorsFromApi(await refusalOf({ ...toRequestBody(valid, true), opening_hours: { mon: ["19:00-09:00"] } }))
    // Medusa's message for it names no field: it is said with the form's general refusal.
    expect(reversed.general).toContain("must open before it closes")
    // A close at 00:00 is midnight, for a point open late; a range that is not one is said once.
    expect(parseDayHours("18-0")).toEqual(["18:00-00:00"])
    await expect(zodValidator(pickupPointInputSchema, { ...toRequestBody(valid, true), opening_hours: { fri: ["18:00-00:00"] } })).resolves.toBeDefined()
    const notARange = await refusalOf({ ...toRequestBody(valid, true), opening_hours: { mon: ["9-13"] } })
    expect(notARange).toContain("must be HH:mm-HH:mm")
    expect(notARange).not.toContain("must open before it closes")
    // The API's own limit is the same.
    const seven = Array.from({ length: 7 }, (_, hour) => `${String(hour + 8).padStart(2, "0")}:00-${String(hour + 9).padStart(2, "0")}:00`)
    const refused = fieldErrorsFromApi(await refusalOf({ ...toRequestBody(valid, true), opening_hours: { tue: seven } }))
    // Said under that day's line, as the form's own check says it.
    expect(Object.keys(refused.fields)).toEqual(["opening_hours.tue"])
  })

  it("knows the refusal of a code another point has, for the form to say it in the admin's language", () => {
    expect(fieldErrorsFromApi("A pickup point with code PP-1 exists already (pp_01).")).toMatchObject({ codeTaken: true, general: null })
    expect(fieldErrorsFromApi("Invalid request: Field 'code' is required")).not.toHaveProperty("codeTaken")
  })

  it("puts each of the API's refusals under the field it names", async () => {
    const message = await refusalOf({ ...toRequestBody(valid, true), postcode: "1".repeat(21), name: "", opening_hours: { mon: ["08:00-09:00"] } })
    const { fields, general } = fieldErrorsFromApi(message)
    expect(Object.keys(fields).sort()).toEqual(["name", "postcode"])
    expect(fields.postcode).toContain("too big")
    expect(general).toBeNull()
    // One that names no field (the hours' format) is said besides the ones placed.
    const mixed = fieldErrorsFromApi(await refusalOf({ ...toRequestBody(valid, true), postcode: "1".repeat(21), opening_hours: { mon: ["9-13"] } }))
    expect(Object.keys(mixed.fields)).toEqual(["postcode"])
    expect(mixed.general).toContain("HH:mm-HH:mm")
    // A refusal that names no field is said as a whole.
    expect(fieldErrorsFromApi("The catalog is being imported; try again in a moment.")).toEqual({ fields: {}, general: "The catalog is being imported; try again in a moment." })
  })
})
