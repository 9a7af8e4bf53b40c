import { PDFParse } from "pdf-parse"
import {
  ShipmentOrderNotFoundError,
  ShipmentOrderNotImportedError,
  ShipmentOrdersInvalidRequestError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnauthorizedError,
} from ".."
import { MERCHANTS, POINTS, orderInput, useTestSandbox } from "../../../../test-support/sandbox-fixtures"

const pdfText = (pdf: Buffer) => new PDFParse({ data: new Uint8Array(pdf) }).getText()

const sandbox = useTestSandbox()

describe("create", () => {
  it("creates the order with every field as sent and orderNumberRif filled in", async () => {
    const input = orderInput({ insured: true, labelType: "A6", notes: "Fragile", codePickingPoint: "WH-M-DELIVERY" })
    const created = await sandbox.client().create(input)

    expect(created.orderReferenceCode).toMatch(/^SO[0-9A-F]{10}$/)
    expect(created.pickupPointPublicCode).toBe(`PUB-${POINTS.open}`)
    const [order] = await sandbox.orders()
    expect(order.orderReferenceCode).toBe(created.orderReferenceCode)
    expect(order.merchantCode).toBe(MERCHANTS.delivery.merchantCode)
    expect(order.request).toEqual({ ...input, orderNumberRif: input.orderNumber })
  })

  it("refuses to send a request that breaks the spec, naming each field", async () => {
    const client = sandbox.client()
    const attempts = [
      [orderInput({ customerEmail: "not-an-email" }), "customerEmail"],
      [orderInput({ orderDate: "2026-11-22" }), "orderDate"],
      [orderInput({ orderDate: "20260231" }), "orderDate"],
      [orderInput({ orderNumberRif: "SOMETHING-ELSE" }), "orderNumberRif: must equal orderNumber"],
      [orderInput({ rows: [] }), "rows"],
      [orderInput({ currencyGoodsValue: "eur" }), "currencyGoodsValue"],
      [orderInput({ proximityPrice: -1 }), "proximityPrice"],
      [orderInput({ orderCountInCurrentYear: 1.5 }), "orderCountInCurrentYear"],
      [orderInput({ rows: [{ description: "" }] }), "rows.0.description"],
    ] as const
    for (const [input, field] of attempts) {
      const error = await client.create(input).catch((e) => e)
      expect(error).toBeInstanceOf(ShipmentOrdersInvalidRequestError)
      expect(error.message).toContain(field)
    }
    expect(await sandbox.calls("create")).toHaveLength(0)
  })

  it("is refused for an unknown pickup point", async () => {
    const error = await sandbox.client().create(orderInput({ codePickupPoint: "NOWHERE" })).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error.httpStatus).toBe(400)
    expect(error.serviceMessage).toContain("codePickupPoint")
  })

  it("insures only for a merchant with the insurance service", async () => {
    await expect(sandbox.client(MERCHANTS.delivery).create(orderInput({ insured: true }))).resolves.toBeDefined()

    const error = await sandbox.client(MERCHANTS.storage).create(orderInput({ insured: true })).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error.httpStatus).toBe(400)
    expect(error.serviceMessage).toMatch(/^insured: .*insurance service is not enabled/)

    await expect(sandbox.client(MERCHANTS.storage).create(orderInput({ insured: false }))).resolves.toBeDefined()
  })
})

describe("getIdentifier", () => {
  it("finds an order by number, even before import, and answers null for an unknown one", async () => {
    await sandbox.setImportDelay(60_000)
    const client = sandbox.client()
    const input = orderInput()
    const { orderReferenceCode } = await client.create(input)

    await expect(client.getIdentifier(input.orderNumber)).resolves.toEqual({ orderReferenceCode })
    await expect(client.getIdentifier("NEVER-CREATED")).resolves.toBeNull()
  })
})

describe("before the service has imported the order", () => {
  it("refuses every action with a retryable not-imported error", async () => {
    await sandbox.setImportDelay(60_000)
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())

    const actions = [
      () => client.cancel({ orderReferenceCode }),
      () => client.generateLabel({ orderReferenceCode }),
      () => client.downloadLabel(orderReferenceCode),
      () => client.updateTracking({ orderReferenceCode, statusCode: "ST_0001", statusDescription: "x" }),
      () => client.sendVerificationCode(orderReferenceCode),
    ]
    for (const action of actions) {
      const error = await action().catch((e) => e)
      expect(error).toBeInstanceOf(ShipmentOrderNotImportedError)
      expect(error).toMatchObject({ code: "not_imported", httpStatus: 409, retryable: true })
    }

    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0]).toMatchObject({ success: false, message: "Order not imported yet", tracking: null })
  })

  it("allows them once the import delay has passed", async () => {
    await sandbox.setImportDelay(300)
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await expect(client.cancel({ orderReferenceCode })).rejects.toBeInstanceOf(ShipmentOrderNotImportedError)

    await new Promise((resolve) => setTimeout(resolve, 350))
    await expect(client.cancel({ orderReferenceCode })).resolves.toEqual({
      message: `Order ${orderReferenceCode} cancelled`,
    })
  })
})

describe("labels for a DELIVERY merchant", () => {
  it("generates a PDF label with the tracking number as barcode, the warehouse and the pickup point", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput({ customer: "Luca Verdi" }))

    const result = await client.generateLabel({ orderReferenceCode })
    if (result.kind !== "label") throw new Error("expected a label")
    expect(result.trackingNumber).toMatch(/^PP\d{10}IT$/)
    expect(result.format).toBe("PDF")
    expect(result.pdf.subarray(0, 5).toString()).toBe("%PDF-")
    // The sandbox sends the warehouse's `description`; the client reads it as `name`.
    expect(result.info.warehouse).toMatchObject({ code: "WH-M-DELIVERY", name: "Warehouse of M-DELIVERY" })
    expect(result.info.order).toMatchObject({ orderReferenceCode, orderDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
    expect(result.info.pickupPoint).toMatchObject({ code: POINTS.open, city: "Milano" })

    const { text } = await pdfText(result.pdf)
    expect(text).toContain(result.trackingNumber)
    expect(text).toContain("Warehouse of M-DELIVERY")
    expect(text).toContain(`Point ${POINTS.open}`)
    expect(text).toContain("Luca Verdi")

    const downloaded = await client.downloadLabel(orderReferenceCode)
    expect(downloaded.equals(result.pdf)).toBe(true)
  })

  it("returns the same label when generateLabel is repeated", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    const first = await client.generateLabel({ orderReferenceCode })
    const second = await client.generateLabel({ orderReferenceCode })
    expect(second).toMatchObject({ kind: "label", trackingNumber: (first as { trackingNumber: string }).trackingNumber })
  })

  it("refuses downloadLabel before the label exists", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    const error = await client.downloadLabel(orderReferenceCode).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error).toMatchObject({ httpStatus: 409, code: "rejected" })
    expect(error.serviceMessage).toMatch(/label .* has not been generated/)
  })
})

describe("shipments of a STORAGE merchant", () => {
  it("are confirmed without a label, cannot be downloaded, and cannot be cancelled after", async () => {
    const client = sandbox.client(MERCHANTS.storage)
    const { orderReferenceCode } = await client.create(orderInput())

    const result = await client.generateLabel({ orderReferenceCode })
    expect(result).toMatchObject({ kind: "confirmed", message: "Shipment confirmed" })
    expect(result.info?.label ?? null).toBeNull()
    expect(result.info?.warehouse?.code).toBe("WH-M-STORAGE")

    await expect(client.downloadLabel(orderReferenceCode)).rejects.toMatchObject({
      httpStatus: 409,
      serviceMessage: expect.stringContaining("STORAGE"),
    })
    await expect(client.cancel({ orderReferenceCode })).rejects.toMatchObject({
      httpStatus: 409,
      serviceMessage: expect.stringContaining("shipment has been confirmed"),
    })
  })
})

describe("cancel", () => {
  it("cancels before a label, repeats harmlessly, and records ST_0008", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())

    await client.cancel({ orderReferenceCode, notes: "Customer changed their mind" })
    await expect(client.cancel({ orderReferenceCode })).resolves.toEqual({
      message: `Order ${orderReferenceCode} was already cancelled`,
    })
    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0].tracking?.status).toBe("ST_0008")
    await expect(client.generateLabel({ orderReferenceCode })).rejects.toMatchObject({ httpStatus: 409 })
  })

  it("is refused once a label has been generated", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await client.generateLabel({ orderReferenceCode })

    const error = await client.cancel({ orderReferenceCode }).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error.serviceMessage).toContain("its label has been generated")
  })
})

describe("status", () => {
  it("reports many orders by reference code or number, normalized", async () => {
    const client = sandbox.client()
    const first = orderInput()
    const second = orderInput()
    const a = await client.create(first)
    const b = await client.create(second)
    await client.generateLabel({ orderReferenceCode: b.orderReferenceCode })

    const result = await client.status([
      { orderReferenceCode: a.orderReferenceCode },
      { orderNumber: second.orderNumber },
      { orderNumber: "UNKNOWN" },
    ])

    expect(result.total).toBe(3)
    expect(result.items[0]).toMatchObject({
      success: true,
      order: { orderReferenceCode: a.orderReferenceCode, orderNumber: first.orderNumber, orderDate: "2026-11-22", reference: first.reference },
      tracking: { status: "ST_0001", statusDescription: "Registered", deliveryDate: null },
    })
    expect(result.items[1]).toMatchObject({
      success: true,
      order: { orderReferenceCode: b.orderReferenceCode },
      tracking: { status: "ST_0002", number: expect.stringMatching(/^PP\d{10}IT$/) },
    })
    expect(result.items[1].tracking?.lastUpdateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(result.items[2]).toMatchObject({ success: false, message: "Order not found" })
  })

  it("refuses, without sending, an element with neither reference code nor number", async () => {
    const error = await sandbox.client().status([{ orderNumber: "A" }, {}]).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersInvalidRequestError)
    expect(error.message).toContain("request.1: needs orderReferenceCode or orderNumber")
    expect(await sandbox.calls("status")).toHaveLength(0)
  })
})

describe("tracking and the verification code", () => {
  it("needs the e-mailed code for ST_0007 at a point that requires one", async () => {
    const client = sandbox.client()
    const input = orderInput({ codePickupPoint: POINTS.withCode })
    const { orderReferenceCode } = await client.create(input)
    await client.generateLabel({ orderReferenceCode })
    const pickedUp = { orderReferenceCode, statusCode: "ST_0007", statusDescription: "Picked up" }

    const missing = await client.updateTracking(pickedUp).catch((e) => e)
    expect(missing).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(missing).toMatchObject({ httpStatus: 409, serviceMessage: expect.stringContaining("verificationCode is required") })

    await client.sendVerificationCode(orderReferenceCode)
    const [email] = await sandbox.emails()
    expect(email).toMatchObject({ to: input.customerEmail, orderReferenceCode, code: expect.stringMatching(/^\d{6}$/) })

    const wrongCode = email.code === "000000" ? "111111" : "000000"
    await expect(client.updateTracking({ ...pickedUp, verificationCode: wrongCode })).rejects.toMatchObject({
      httpStatus: 409,
      serviceMessage: "verificationCode is wrong for this order",
    })

    // The compact spelling is accepted and sent as ST_0007.
    await client.updateTracking({ ...pickedUp, statusCode: "ST0007", verificationCode: email.code, lastUpdateDate: "22/11/2026", lastUpdateTime: "10:15" })
    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0].tracking).toMatchObject({ status: "ST_0007", deliveryDate: "2026-11-22", deliveryTime: "10:15" })
  })

  it("resends the same code, so an earlier e-mail stays valid", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput({ codePickupPoint: POINTS.withCode }))
    await client.sendVerificationCode(orderReferenceCode)
    await client.sendVerificationCode(orderReferenceCode)
    const emails = await sandbox.emails()
    expect(emails).toHaveLength(2)
    expect(emails[1].code).toBe(emails[0].code)
  })

  it("accepts ST_0007 without a code at a point that does not require one, with network details", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput({ codePickupPoint: POINTS.open }))
    await client.updateTracking({
      orderReferenceCode,
      statusCode: "ST_0007",
      statusDescription: "Picked up",
      networkStatusCode: "DLV",
      networkStatusReason: "Delivered to customer",
    })
    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0].tracking).toMatchObject({
      status: "ST_0007",
      externalStatusCode: "DLV",
      externalStatusDescription: "Delivered to customer",
    })
  })

  it("refuses a malformed tracking update without sending it", async () => {
    const client = sandbox.client()
    const error = await client
      .updateTracking({ orderReferenceCode: "SO1", statusCode: "DELIVERED", statusDescription: "x", lastUpdateDate: "2026-11-22" })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersInvalidRequestError)
    expect(error.issues).toEqual([
      "statusCode: must be a status code such as ST_0007",
      "lastUpdateDate: must be a date written as dd/MM/yyyy",
    ])
  })
})

describe("merchant isolation", () => {
  it("never shows one merchant's order to another", async () => {
    const input = orderInput()
    const { orderReferenceCode } = await sandbox.client(MERCHANTS.delivery).create(input)
    await sandbox.client(MERCHANTS.delivery).generateLabel({ orderReferenceCode })
    const other = sandbox.client(MERCHANTS.other)

    await expect(other.getIdentifier(input.orderNumber)).resolves.toBeNull()
    await expect(other.cancel({ orderReferenceCode })).rejects.toBeInstanceOf(ShipmentOrderNotFoundError)
    await expect(other.downloadLabel(orderReferenceCode)).rejects.toBeInstanceOf(ShipmentOrderNotFoundError)
    await expect(other.sendVerificationCode(orderReferenceCode)).rejects.toMatchObject({ code: "not_found", httpStatus: 404 })
    const { items } = await other.status([{ orderReferenceCode }, { orderNumber: input.orderNumber }])
    expect(items.map((item) => item.success)).toEqual([false, false])
  })
})

describe("credentials", () => {
  it("reports refused credentials without ever exposing the API key", async () => {
    const secret = "wrong-key-0123456789"
    const client = sandbox.client({ merchantCode: MERCHANTS.delivery.merchantCode, apiKey: secret })

    const error = await client.status([{ orderNumber: "A" }]).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersUnauthorizedError)
    expect(error).toMatchObject({ code: "unauthorized", httpStatus: 401, retryable: false })
    expect(error.message).toContain("Check the merchant code, the API key")
    const exposed = [error.message, error.stack, JSON.stringify(error), JSON.stringify(Object.values(error)), JSON.stringify(client)]
    for (const text of exposed) {
      expect(text ?? "").not.toContain(secret)
    }
  })

  it("rejects options without credentials at construction, naming them", () => {
    expect(() => sandbox.client({ merchantCode: "", apiKey: "" })).toThrow(
      /merchantCode: is required; apiKey: is required/
    )
    expect(() => sandbox.client(MERCHANTS.delivery, { baseUrl: "not a url" })).toThrow(/baseUrl: must be an http\(s\) URL/)
  })
})
