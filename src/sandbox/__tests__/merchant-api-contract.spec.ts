import { MERCHANTS, POINTS, orderInput, useTestSandbox } from "../../../test-support/sandbox-fixtures"

/*
 * The sandbox's HTTP contract (docs/sandbox.md) seen by a plain HTTP
 * client: status codes, envelopes and response quirks, one test per rule of
 * spec sections 3 and 7.
 */

const sandbox = useTestSandbox()

async function createOrder(merchant: { merchantCode: string; apiKey: string } = MERCHANTS.delivery, overrides = {}) {
  const input = { ...orderInput(overrides), orderNumberRif: "" }
  input.orderNumberRif = input.orderNumber
  const response = await sandbox.raw(merchant).post("/create", input)
  expect(response.status).toBe(200)
  return { input, ref: response.data.data.orderReferenceCode as string }
}

describe("authentication", () => {
  it("answers 401 with the envelope for missing or wrong credentials", async () => {
    const noHeaders = await sandbox.raw({ merchantCode: "", apiKey: "" }).post("/status", { request: [{ orderNumber: "A" }] })
    expect(noHeaders.status).toBe(401)
    expect(noHeaders.data).toEqual({ success: false, message: "Missing X-Merchant-Code or X-Api-Key header" })

    const wrongKey = await sandbox.raw({ ...MERCHANTS.delivery, apiKey: "nope" }).get("/getIdentifier", { params: { orderNumber: "A" } })
    expect(wrongKey.status).toBe(401)
    expect(wrongKey.data).toEqual({ success: false, message: "Invalid merchant credentials" })

    const otherMerchantsKey = await sandbox.raw({ merchantCode: MERCHANTS.delivery.merchantCode, apiKey: MERCHANTS.storage.apiKey }).post("/sendVerificationCode", { orderReferenceCode: "X" })
    expect(otherMerchantsKey.status).toBe(401)
  })
})

describe("input validation (400, the message names the field)", () => {
  it("refuses a create whose orderNumberRif differs from orderNumber", async () => {
    const input = { ...orderInput(), orderNumberRif: "OTHER" }
    const response = await sandbox.raw().post("/create", input)
    expect(response.status).toBe(400)
    expect(response.data).toEqual({ success: false, message: "Invalid request: orderNumberRif: must equal orderNumber" })
  })

  it("refuses a create without required fields", async () => {
    const { customerPhone, ...input } = { ...orderInput(), orderNumberRif: "x" }
    input.orderNumberRif = input.orderNumber
    const response = await sandbox.raw().post("/create", input)
    expect(response.status).toBe(400)
    expect(response.data.message).toContain("customerPhone")
    expect(customerPhone).toBeDefined()
  })

  it("refuses a row volume sent as a number (the spec types it as a string)", async () => {
    const input = { ...orderInput({ rows: [{ description: "x", volume: 10 as unknown as string }] }), orderNumberRif: "" }
    input.orderNumberRif = input.orderNumber
    const response = await sandbox.raw().post("/create", input)
    expect(response.status).toBe(400)
    expect(response.data.message).toContain("rows.0.volume")
  })

  it("refuses a status element with neither orderReferenceCode nor orderNumber", async () => {
    const response = await sandbox.raw().post("/status", { request: [{ orderNumber: "A" }, { orderNumber: "" }] })
    expect(response.status).toBe(400)
    expect(response.data).toEqual({
      success: false,
      message: "Invalid request: request.1: needs orderReferenceCode or orderNumber",
    })
    const empty = await sandbox.raw().post("/status", { request: [] })
    expect(empty.status).toBe(400)
  })

  it("refuses insured: true for a merchant without the insurance service", async () => {
    const input = { ...orderInput({ insured: true }), orderNumberRif: "" }
    input.orderNumberRif = input.orderNumber
    const response = await sandbox.raw(MERCHANTS.storage).post("/create", input)
    expect(response.status).toBe(400)
    expect(response.data.message).toBe("insured: the insurance service is not enabled for this merchant")
    expect(await sandbox.orders()).toHaveLength(0)
  })

  it("reads a status code only as the contract spells it: ST_0007 or ST0007", async () => {
    const { ref } = await createOrder()
    for (const statusCode of ["7", "ST_7", "st_0004", "IN_TRANSIT"]) {
      const response = await sandbox.raw().post("/updateTracking", { orderReferenceCode: ref, statusCode, statusDescription: "x" })
      expect(response.status).toBe(400)
      expect(response.data.message).toBe("Invalid request: statusCode: must be a status code such as ST_0007")
    }
    const compact = await sandbox.raw().post("/updateTracking", { orderReferenceCode: ref, statusCode: "ST0004", statusDescription: "x" })
    expect(compact.status).toBe(200)
  })

  it("answers an unparseable JSON body with 400 and the envelope", async () => {
    const response = await sandbox.raw().post("/cancel", "{not json", { headers: { "content-type": "application/json" } })
    expect(response.status).toBe(400)
    expect(response.data).toEqual({ success: false, message: "Invalid request: the body is not valid JSON" })
  })
})

describe("rule 1: nothing is possible before import", () => {
  it("refuses every action with 409 until the import completes", async () => {
    await sandbox.setImportDelay(60_000)
    const { ref } = await createOrder()
    const raw = sandbox.raw()
    const responses = [
      await raw.post("/cancel", { orderReferenceCode: ref }),
      await raw.post("/generateLabel", { orderReferenceCode: ref }),
      await raw.get("/downloadLabel", { params: { orderReferenceCode: ref } }),
      await raw.post("/updateTracking", { orderReferenceCode: ref, statusCode: "ST_0001", statusDescription: "x" }),
      await raw.post("/sendVerificationCode", { orderReferenceCode: ref }),
    ]
    for (const response of responses) {
      expect(response.status).toBe(409)
      expect(response.data).toEqual({ success: false, message: `Order ${ref} has not been imported yet; retry shortly` })
    }
  })
})

describe("rule 2: cancel only while no label exists", () => {
  it("cancels before the label, refuses after it (DELIVERY) and after confirmation (STORAGE)", async () => {
    const raw = sandbox.raw()
    const cancellable = await createOrder()
    expect((await raw.post("/cancel", { orderReferenceCode: cancellable.ref })).status).toBe(200)

    const labelled = await createOrder()
    expect((await raw.post("/generateLabel", { orderReferenceCode: labelled.ref })).status).toBe(200)
    const refused = await raw.post("/cancel", { orderReferenceCode: labelled.ref })
    expect(refused.status).toBe(409)
    expect(refused.data.success).toBe(false)

    const storage = sandbox.raw(MERCHANTS.storage)
    const confirmed = await createOrder(MERCHANTS.storage)
    expect((await storage.post("/generateLabel", { orderReferenceCode: confirmed.ref })).status).toBe(200)
    expect((await storage.post("/cancel", { orderReferenceCode: confirmed.ref })).status).toBe(409)
  })
})

describe("rule 3: downloadLabel only after generation", () => {
  it("answers 409 before and a PDF file after", async () => {
    const { ref } = await createOrder()
    const raw = sandbox.raw()
    const before = await raw.get("/downloadLabel", { params: { orderReferenceCode: ref } })
    expect(before.status).toBe(409)
    expect(before.data.success).toBe(false)

    await raw.post("/generateLabel", { orderReferenceCode: ref })
    const after = await raw.get("/downloadLabel", { params: { orderReferenceCode: ref }, responseType: "arraybuffer" })
    expect(after.status).toBe(200)
    expect(after.headers["content-type"]).toBe("application/pdf")
    expect(Buffer.from(after.data).subarray(0, 5).toString()).toBe("%PDF-")
  })
})

describe("rule 4: ST_0007 at a point that requires a code", () => {
  it("needs the code sendVerificationCode e-mailed; a missing or wrong one is 409", async () => {
    const { ref } = await createOrder(MERCHANTS.delivery, { codePickupPoint: POINTS.withCode })
    const raw = sandbox.raw()
    const update = { orderReferenceCode: ref, statusCode: "ST0007", statusDescription: "Picked up" }

    expect((await raw.post("/updateTracking", update)).status).toBe(409)
    // No code was ever sent, so any code is wrong.
    expect((await raw.post("/updateTracking", { ...update, verificationCode: "123456" })).status).toBe(409)

    expect((await raw.post("/sendVerificationCode", { orderReferenceCode: ref })).status).toBe(200)
    const [{ code }] = await sandbox.emails()
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0")
    expect((await raw.post("/updateTracking", { ...update, verificationCode: wrong })).status).toBe(409)
    const accepted = await raw.post("/updateTracking", { ...update, verificationCode: code })
    expect(accepted.status).toBe(200)
    expect(accepted.data).toEqual({ success: true, message: "Tracking updated" })

    const again = await raw.post("/sendVerificationCode", { orderReferenceCode: ref })
    expect(again.status).toBe(409)
    expect(again.data.message).toContain("already been picked up")
  })
})

describe("unknown orders and merchant scope", () => {
  it("answers 404 for an order that does not exist or belongs to another merchant", async () => {
    const { ref, input } = await createOrder(MERCHANTS.delivery)
    const other = sandbox.raw(MERCHANTS.other)
    for (const response of [
      await other.post("/cancel", { orderReferenceCode: ref }),
      await other.post("/generateLabel", { orderReferenceCode: ref }),
      await other.get("/getIdentifier", { params: { orderNumber: input.orderNumber } }),
      await sandbox.raw().post("/cancel", { orderReferenceCode: "SO_UNKNOWN" }),
    ]) {
      expect(response.status).toBe(404)
      expect(response.data.success).toBe(false)
    }
    const status = await other.post("/status", { request: [{ orderReferenceCode: ref }] })
    expect(status.data.items).toEqual([{ success: false, message: "Order not found", order: { orderReferenceCode: ref } }])
  })
})

describe("response shapes, including the spec's documented quirks", () => {
  it("status: per-item boolean success, compact status code, yyyyMMdd order date", async () => {
    const { ref, input } = await createOrder()
    const response = await sandbox.raw().post("/status", { request: [{ orderReferenceCode: ref }] })
    expect(response.status).toBe(200)
    expect(response.data).toEqual({
      success: true,
      message: "OK",
      total: 1,
      items: [
        {
          success: true,
          message: "OK",
          order: { orderReferenceCode: ref, orderNumber: input.orderNumber, orderDate: "20261122", reference: input.reference },
          tracking: {
            number: null,
            status: "ST0001",
            statusDescription: "Registered",
            externalStatusCode: null,
            externalStatusDescription: null,
            lastUpdateDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
            lastUpdateTime: expect.stringMatching(/^\d{2}:\d{2}$/),
            deliveryDate: null,
            deliveryTime: null,
          },
          metadata: { parcelId: null },
        },
      ],
    })
  })

  it("generateLabel: a base64 PDF for DELIVERY, the warehouse under `description`", async () => {
    const { ref, input } = await createOrder()
    const response = await sandbox.raw().post("/generateLabel", { orderReferenceCode: ref, labelType: "A6" })
    expect(response.status).toBe(200)
    const data = response.data.data
    expect(data.customer).toEqual({ name: input.customer, email: input.customerEmail, phone: input.customerPhone })
    expect(data.order).toMatchObject({ orderReferenceCode: ref, orderNumber: input.orderNumber, orderDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) })
    expect(data.warehouse).toMatchObject({ code: "WH-M-DELIVERY", description: "Warehouse of M-DELIVERY" })
    expect(data.warehouse).not.toHaveProperty("name")
    expect(data.network).toEqual({ code: "PUDO", name: "PUDO Network" })
    expect(data.label).toMatchObject({ format: "PDF", trackingNumber: expect.any(String) })
    expect(Buffer.from(data.label.data, "base64").subarray(0, 5).toString()).toBe("%PDF-")
  })

  it("generateLabel: no label for STORAGE, a confirmation instead", async () => {
    const { ref } = await createOrder(MERCHANTS.storage)
    const response = await sandbox.raw(MERCHANTS.storage).post("/generateLabel", { orderReferenceCode: ref })
    expect(response.status).toBe(200)
    expect(response.data).toMatchObject({ success: true, message: "Shipment confirmed" })
    expect(response.data.data).not.toHaveProperty("label")
  })

  it("a parcel id only for the network that returns one", async () => {
    await sandbox.control.post("/pickup-points", {
      code: "LK-1", publicCode: "LK1", name: "Locker", address: "a", city: "c", zipcode: "1", country: "IT",
      networkCode: "LOCKERNET", networkName: "LockerNet",
    })
    const { ref } = await createOrder(MERCHANTS.delivery, { codePickupPoint: "LK-1" })
    const label = await sandbox.raw().post("/generateLabel", { orderReferenceCode: ref })
    expect(label.data.data.metadata.parcelId).toMatch(/^PCL-/)
  })
})
