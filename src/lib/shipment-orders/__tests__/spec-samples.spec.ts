import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ShipmentOrdersClient, ShipmentOrdersRejectedError } from ".."
import { useTestSandbox } from "../../../../test-support/sandbox-fixtures"
import createRequest from "../../../../test-support/spec-samples/4.1-create.request.json"
import createResponse from "../../../../test-support/spec-samples/4.1-create.response.json"
import cancelRequest from "../../../../test-support/spec-samples/4.2-cancel.request.json"
import cancelResponse from "../../../../test-support/spec-samples/4.2-cancel.response.json"
import getIdentifierRequest from "../../../../test-support/spec-samples/4.3-getIdentifier.request.json"
import getIdentifierResponse from "../../../../test-support/spec-samples/4.3-getIdentifier.response.json"
import generateLabelRequest from "../../../../test-support/spec-samples/4.4-generateLabel.request.json"
import generateLabelDeliveryResponse from "../../../../test-support/spec-samples/4.4-generateLabel.delivery.response.json"
import generateLabelStorageResponse from "../../../../test-support/spec-samples/4.4-generateLabel.storage.response.json"
import downloadLabelRequest from "../../../../test-support/spec-samples/4.5-downloadLabel.request.json"
import downloadLabelRefusal from "../../../../test-support/spec-samples/4.5-downloadLabel.refusal.response.json"
import statusRequest from "../../../../test-support/spec-samples/4.6-status.request.json"
import statusResponse from "../../../../test-support/spec-samples/4.6-status.response.json"
import updateTrackingRequest from "../../../../test-support/spec-samples/4.7-updateTracking.request.json"
import updateTrackingResponse from "../../../../test-support/spec-samples/4.7-updateTracking.response.json"
import sendVerificationCodeRequest from "../../../../test-support/spec-samples/4.8-sendVerificationCode.request.json"
import sendVerificationCodeResponse from "../../../../test-support/spec-samples/4.8-sendVerificationCode.response.json"

/*
 * The spec's request and response bodies (test-support/spec-samples, written
 * by hand from the spec's tables: the spec prints none, see the README there)
 * held against both sides, so neither side's code is the oracle:
 * (a) the client, given typed input, sends exactly these requests;
 * (b) the sandbox accepts these requests as they are, over plain fetch, and
 *     answers with the fields of these responses;
 * (c) the client reads these responses.
 */

// Spec section 4, written out here rather than taken from the client or the sandbox.
const SPEC_PATH = "/platform-api-server/api/merchant/shipment"
const MERCHANT = { merchantCode: "M-SPEC", apiKey: "key-spec-3c9d" }
const LABEL_PDF = Buffer.from(generateLabelDeliveryResponse.data.label.data, "base64")

type Received = {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  headers: IncomingMessage["headers"]
}

describe("the client against the spec's bodies, on a loopback server that records and answers them", () => {
  let server: Server
  let baseUrl: string
  const received: Received[] = []
  const answers = new Map<string, { status: number; body: unknown }>()

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://loopback")
        const raw = Buffer.concat(chunks).toString("utf8")
        received.push({
          method: req.method ?? "",
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: raw ? JSON.parse(raw) : undefined,
          headers: req.headers,
        })
        const answer = answers.get(url.pathname.slice(SPEC_PATH.length + 1))
        if (!answer) {
          res.writeHead(500, { "content-type": "application/json" }).end('{"success":false,"message":"nothing canned"}')
        } else if (Buffer.isBuffer(answer.body)) {
          res.writeHead(answer.status, { "content-type": "application/pdf" }).end(answer.body)
        } else {
          res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body))
        }
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  beforeEach(() => {
    received.length = 0
    answers.clear()
  })

  const client = () => new ShipmentOrdersClient({ baseUrl, ...MERCHANT, retries: 0 })
  const answer = (operation: string, body: unknown, status = 200) => answers.set(operation, { status, body })

  /** The one request the client sent, with the headers that matter to the service. */
  function sent() {
    expect(received).toHaveLength(1)
    const [{ headers, ...request }] = received
    expect(headers["x-merchant-code"]).toBe(MERCHANT.merchantCode)
    expect(headers["x-api-key"]).toBe(MERCHANT.apiKey)
    if (request.method === "POST") {
      expect(headers["content-type"]).toMatch(/^application\/json/)
    }
    return request
  }

  it("create: sends the sample, filling in orderNumberRif, and reads the OrderIdentifier", async () => {
    answer("create", createResponse)
    // orderNumberRif "must be set equal to orderNumber": the typed input may leave it out.
    const { orderNumberRif, ...typed } = createRequest
    expect(orderNumberRif).toBe(typed.orderNumber)

    const created = await client().create(typed)

    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/create`, query: {}, body: createRequest })
    expect(created).toEqual({ orderReferenceCode: "SO7F3A9C21B4", pickupPointPublicCode: "MI014", message: "Order created" })
  })

  it("cancel: sends the sample and reads the envelope", async () => {
    answer("cancel", cancelResponse)
    const result = await client().cancel(cancelRequest)
    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/cancel`, query: {}, body: cancelRequest })
    expect(result).toEqual({ message: "Order cancelled" })
  })

  it("getIdentifier: a GET with the sample as query parameters", async () => {
    answer("getIdentifier", getIdentifierResponse)
    const result = await client().getIdentifier(getIdentifierRequest.orderNumber)
    expect(sent()).toEqual({ method: "GET", path: `${SPEC_PATH}/getIdentifier`, query: getIdentifierRequest, body: undefined })
    expect(result).toEqual({ orderReferenceCode: "SO7F3A9C21B4" })
  })

  it("generateLabel: sends the sample; reads a DELIVERY label and a STORAGE confirmation", async () => {
    answer("generateLabel", generateLabelDeliveryResponse)
    const label = await client().generateLabel(generateLabelRequest)
    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/generateLabel`, query: {}, body: generateLabelRequest })
    expect(label).toMatchObject({ kind: "label", message: "Label generated", trackingNumber: "PP4815162342IT", format: "PDF" })
    expect(label.kind === "label" && label.pdf.equals(LABEL_PDF)).toBe(true)
    expect(label.info).toMatchObject({
      customer: { name: "Maria Bianchi", email: "maria.bianchi@example.com", phone: "+39 333 1234567" },
      // LabelOrder.orderDate is dd/MM/yyyy, as the table says.
      order: { orderReferenceCode: "SO7F3A9C21B4", orderNumber: "ORD-2026-1001", orderDate: "2026-11-22", serviceCode: "STANDARD" },
      pickupPoint: { code: "PP-MI-014", zipcode: "20124", department: "MI", country: "IT" },
      network: { code: "LOCKERNET", name: "LockerNet" },
      // The spec's sample says `description` where its table says `name`; the client reads it as the name.
      warehouse: { code: "WH-MI-01", name: "Magazzino Milano Nord" },
      metadata: { parcelId: "PCL-9A8B7C6D" },
    })

    received.length = 0
    answer("generateLabel", generateLabelStorageResponse)
    const confirmed = await client().generateLabel(generateLabelRequest)
    expect(sent().body).toEqual(generateLabelRequest)
    expect(confirmed).toMatchObject({ kind: "confirmed", message: "Shipment confirmed", info: { warehouse: { name: "Magazzino Milano Nord" } } })
  })

  it("downloadLabel: a GET with the sample as query parameters; a PDF file, or the documented envelope as a refusal", async () => {
    answer("downloadLabel", LABEL_PDF)
    const pdf = await client().downloadLabel(downloadLabelRequest.orderReferenceCode)
    expect(sent()).toEqual({ method: "GET", path: `${SPEC_PATH}/downloadLabel`, query: downloadLabelRequest, body: undefined })
    expect(pdf.equals(LABEL_PDF)).toBe(true)

    // The spec gives no HTTP status for a refusal; the envelope alone says it.
    answer("downloadLabel", downloadLabelRefusal)
    await expect(client().downloadLabel(downloadLabelRequest.orderReferenceCode)).rejects.toMatchObject({
      constructor: ShipmentOrdersRejectedError,
      serviceMessage: "The label has not been generated",
    })
  })

  it("status: sends the sample and reads every OrderInfo, quirks of the spec's sample included", async () => {
    answer("status", statusResponse)
    const result = await client().status(statusRequest.request)
    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/status`, query: {}, body: statusRequest })

    // The sample, unlike the table, has a boolean `success` per item, `tracking.status` as a code
    // string (ST0006) instead of a number, and `orderDate` as yyyyMMdd instead of dd/MM/yyyy.
    expect(result.total).toBe(3)
    expect(result.items[0]).toEqual({
      success: true,
      message: "OK",
      order: { orderReferenceCode: "SO7F3A9C21B4", orderNumber: "ORD-2026-1001", orderDate: "2026-11-22", reference: "WEB-2026-1001" },
      tracking: {
        number: "PP4815162342IT",
        status: "ST_0006",
        statusDescription: "Ready for pickup",
        externalStatusCode: "RDY",
        externalStatusDescription: "Available at the pickup point",
        lastUpdateDate: "2026-11-23",
        lastUpdateTime: "09:30",
        deliveryDate: null,
        deliveryTime: null,
      },
      metadata: { parcelId: "PCL-9A8B7C6D" },
    })
    expect(result.items[1]).toMatchObject({
      order: { orderNumber: "ORD-2026-0998", orderDate: "2026-11-20" },
      tracking: { status: "ST_0007", deliveryDate: "2026-11-22", deliveryTime: "18:02" },
      metadata: { parcelId: undefined },
    })
  })

  it("updateTracking: sends the sample and reads the envelope", async () => {
    answer("updateTracking", updateTrackingResponse)
    const result = await client().updateTracking(updateTrackingRequest)
    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/updateTracking`, query: {}, body: updateTrackingRequest })
    expect(result).toEqual({ message: "Tracking updated" })
  })

  it("sendVerificationCode: sends the sample and reads the envelope", async () => {
    answer("sendVerificationCode", sendVerificationCodeResponse)
    const result = await client().sendVerificationCode(sendVerificationCodeRequest.orderReferenceCode)
    expect(sent()).toEqual({ method: "POST", path: `${SPEC_PATH}/sendVerificationCode`, query: {}, body: sendVerificationCodeRequest })
    expect(result).toEqual({ message: "Verification code sent" })
  })
})

describe("the sandbox against the spec's requests, sent as they are with plain fetch", () => {
  const sandbox = useTestSandbox()

  beforeEach(async () => {
    // The places the samples name, so that the sandbox can act on them.
    await sandbox.control.post("/merchants", { ...MERCHANT, type: "DELIVERY", insuranceEnabled: true })
    await sandbox.control.post("/warehouses", {
      merchantCode: MERCHANT.merchantCode, code: "WH-MI-01", name: "Magazzino Milano Nord",
      address: "Via Stephenson 94", city: "Milano", zipcode: "20157", department: "MI", country: "IT",
    })
    await sandbox.control.post("/pickup-points", {
      code: "PP-MI-014", publicCode: "MI014", name: "Edicola Porta Venezia", address: "Corso Buenos Aires 14",
      city: "Milano", zipcode: "20124", department: "MI", country: "IT",
      networkCode: "LOCKERNET", networkName: "LockerNet", requiresVerificationCode: false,
    })
  })

  async function call(operation: string, method: "GET" | "POST", sample: Record<string, unknown>) {
    const headers = { "X-Merchant-Code": MERCHANT.merchantCode, "X-Api-Key": MERCHANT.apiKey }
    const response = method === "GET"
      ? await fetch(`${sandbox.url}${SPEC_PATH}/${operation}?${new URLSearchParams(sample as Record<string, string>)}`, { headers })
      : await fetch(`${sandbox.url}${SPEC_PATH}/${operation}`, {
          method,
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(sample),
        })
    const type = response.headers.get("content-type") ?? ""
    return { status: response.status, type, body: type.startsWith("application/json") ? await response.json() : null }
  }

  /** The field names of a JSON body, nested (an array by its first element): its shape, values aside. */
  function fieldsOf(value: unknown): unknown {
    if (Array.isArray(value)) {
      return value.length ? [fieldsOf(value[0])] : []
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, fieldsOf(field)]))
    }
    return "value"
  }

  /** A sample with the reference code the sandbox gave, the one value it cannot know beforehand. */
  const about = <T extends object>(sample: T, orderReferenceCode: string): T => ({ ...sample, orderReferenceCode })

  it("accepts every sample request as it is: only the unknown reference code is refused, never the shape", async () => {
    const created = await call("create", "POST", createRequest)
    expect(created).toMatchObject({ status: 200, body: { success: true, data: { pickupPointPublicCode: "MI014" } } })

    const byNumber = await call("getIdentifier", "GET", getIdentifierRequest)
    expect(byNumber).toMatchObject({ status: 200, body: { success: true, data: { orderReferenceCode: created.body.data.orderReferenceCode } } })

    expect(await call("status", "POST", statusRequest)).toMatchObject({ status: 200, body: { success: true, total: 3 } })

    // The sample's reference code names no order of this sandbox: 404, which means the body was valid.
    for (const [operation, method, sample] of [
      ["cancel", "POST", cancelRequest],
      ["generateLabel", "POST", generateLabelRequest],
      ["downloadLabel", "GET", downloadLabelRequest],
      ["updateTracking", "POST", updateTrackingRequest],
      ["sendVerificationCode", "POST", sendVerificationCodeRequest],
    ] as const) {
      expect({ operation, ...(await call(operation, method, sample)) }).toEqual({
        operation,
        status: 404,
        type: expect.stringMatching(/^application\/json/),
        body: { success: false, message: "Order SO7F3A9C21B4 not found" },
      })
    }
  })

  it("carries the samples through an order's life once the reference code is the sandbox's, answering with the samples' fields", async () => {
    const created = await call("create", "POST", createRequest)
    expect(created.status).toBe(200)
    expect(fieldsOf(created.body)).toEqual(fieldsOf(createResponse))
    const ref = created.body.data.orderReferenceCode as string

    const byNumber = await call("getIdentifier", "GET", getIdentifierRequest)
    expect(byNumber).toMatchObject({ status: 200, body: { data: { orderReferenceCode: ref } } })
    expect(fieldsOf(byNumber.body)).toEqual(fieldsOf(getIdentifierResponse))

    const early = await call("downloadLabel", "GET", about(downloadLabelRequest, ref))
    expect(early.status).toBe(409)
    expect(fieldsOf(early.body)).toEqual(fieldsOf(downloadLabelRefusal))

    const sentCode = await call("sendVerificationCode", "POST", about(sendVerificationCodeRequest, ref))
    expect(sentCode).toMatchObject({ status: 200, body: { success: true } })
    expect(fieldsOf(sentCode.body)).toEqual(fieldsOf(sendVerificationCodeResponse))

    const label = await call("generateLabel", "POST", about(generateLabelRequest, ref))
    expect(label).toMatchObject({
      status: 200,
      body: { success: true, data: { order: { orderDate: "22/11/2026" }, warehouse: { code: "WH-MI-01" }, label: { format: "PDF" } } },
    })
    expect(fieldsOf(label.body)).toEqual(fieldsOf(generateLabelDeliveryResponse))
    expect(await call("downloadLabel", "GET", about(downloadLabelRequest, ref))).toMatchObject({ status: 200, type: "application/pdf" })

    // The sample's lastUpdateTime 18:02 reads as a 24-hour clock, though section 4.7 writes the format "hh:mm".
    const tracked = await call("updateTracking", "POST", about(updateTrackingRequest, ref))
    expect(tracked).toMatchObject({ status: 200, body: { success: true } })
    expect(fieldsOf(tracked.body)).toEqual(fieldsOf(updateTrackingResponse))

    const status = await call("status", "POST", {
      request: statusRequest.request.map((item) => ("orderReferenceCode" in item ? { ...item, orderReferenceCode: ref } : item)),
    })
    expect(status.body.items.map((item: { success: boolean }) => item.success)).toEqual([true, false, true])
    expect(status.body.items[0]).toMatchObject({ success: true, order: { orderDate: "20261122" }, tracking: { status: "ST0007" } })
    expect(fieldsOf({ ...status.body, items: [status.body.items[0]] })).toEqual(fieldsOf(statusResponse))

    const another = (await call("create", "POST", createRequest)).body.data.orderReferenceCode as string
    const cancelled = await call("cancel", "POST", about(cancelRequest, another))
    expect(cancelled).toMatchObject({ status: 200, body: { success: true } })
    expect(fieldsOf(cancelled.body)).toEqual(fieldsOf(cancelResponse))
  })
})
