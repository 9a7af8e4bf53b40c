import { zodValidator } from "@medusajs/framework"
import { pickupPointInputSchema } from "../../../modules/pickup-point/lib/pickup-point-schema"
import { fieldErrorsFromApi, formValuesOf, MAX_LENGTHS, toRequestBody, validatePickupPoint } from "../pickup-point-form"

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

  it("refuses more opening-hour ranges a day than the API takes, before the call", async () => {
    const six = JSON.stringify({ mon: ["08:00-09:00", "09:00-10:00", "10:00-11:00", "11:00-12:00", "12:00-13:00", "13:00-14:00"] })
    const seven = JSON.stringify({ mon: [...JSON.parse(six).mon, "14:00-15:00"] })
    expect(validatePickupPoint({ ...valid, opening_hours: six })).toEqual({})
    expect(validatePickupPoint({ ...valid, opening_hours: seven })).toEqual({ opening_hours: "pickupPoint.form.errors.openingHours" })
    expect(await refusalOf(toRequestBody({ ...valid, opening_hours: seven }, true))).toContain("opening_hours")
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
