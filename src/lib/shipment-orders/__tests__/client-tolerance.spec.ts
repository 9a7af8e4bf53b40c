import type { AddressInfo } from "node:net"
import express from "express"
import type { Server } from "node:http"
import {
  ShipmentOrdersClient,
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  SHIPMENT_API_PATH,
} from ".."

import { backoffMs } from "../client"
/*
 * A fake service on loopback that answers with the variants the spec
 * documents or shows in its samples, to prove the client reads all of them.
 */
type Canned = { status?: number; body: unknown; headers?: Record<string, string> }

let server: Server
let baseUrl: string
const canned = new Map<string, Canned[]>()
const received: { path: string; headers: Record<string, unknown> }[] = []

beforeAll(async () => {
  const app = express()
  app.use(express.json())
  app.all(`${SHIPMENT_API_PATH}/:operation`, (req, res) => {
    received.push({ path: req.params.operation, headers: req.headers })
    const queue = canned.get(req.params.operation) ?? []
    const answer = queue.length > 1 ? queue.shift()! : queue[0]
    if (!answer) {
      res.status(500).json({ success: false, message: "nothing canned" })
      return
    }
    res.status(answer.status ?? 200).set(answer.headers ?? {})
    if (Buffer.isBuffer(answer.body)) {
      res.type("application/pdf").send(answer.body)
    } else if (typeof answer.body === "string") {
      res.type("text/html").send(answer.body)
    } else {
      res.json(answer.body)
    }
  })
  server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  canned.clear()
  received.length = 0
})

const client = (options: Partial<ConstructorParameters<typeof ShipmentOrdersClient>[0]> = {}) =>
  new ShipmentOrdersClient({ baseUrl, merchantCode: "M1", apiKey: "K1", retryBaseDelayMs: 5, ...options })

describe("reading the spec's response variants", () => {
  it("reads string or boolean success, numeric or compact status codes, and both date formats", async () => {
    canned.set("status", [{
      body: {
        success: "true",
        message: "OK",
        total: "3",
        items: [
          {
            success: "true",
            message: "OK",
            order: { orderReferenceCode: "R1", orderNumber: "N1", orderDate: "22/11/2026", reference: "ref1" },
            tracking: { number: "T1", status: 6, lastUpdateDate: "23/11/2026", lastUpdateTime: "9:30", deliveryDate: null },
            metadata: { parcelId: "P-1" },
          },
          {
            success: true,
            message: "OK",
            order: { orderReferenceCode: "R2", orderDate: "20261122" },
            tracking: { status: "ST0007", statusDescription: "Picked up", deliveryDate: "24/11/2026", deliveryTime: "18:02" },
          },
          { success: "false", message: "Order not found", order: { orderNumber: "N3" } },
        ],
      },
    }])

    const result = await client().status([{ orderReferenceCode: "R1" }, { orderReferenceCode: "R2" }, { orderNumber: "N3" }])

    expect(result.total).toBe(3)
    expect(result.items[0]).toEqual({
      success: true,
      message: "OK",
      order: { orderReferenceCode: "R1", orderNumber: "N1", orderDate: "2026-11-22", reference: "ref1" },
      tracking: {
        number: "T1",
        status: "ST_0006",
        lastUpdateDate: "2026-11-23",
        lastUpdateTime: "09:30",
        deliveryDate: null,
        deliveryTime: null,
      },
      metadata: { parcelId: "P-1" },
    })
    expect(result.items[1]).toMatchObject({
      order: { orderDate: "2026-11-22" },
      tracking: { status: "ST_0007", deliveryDate: "2026-11-24", deliveryTime: "18:02" },
      metadata: {},
    })
    expect(result.items[2]).toMatchObject({ success: false, message: "Order not found", tracking: null })
  })

  it("reads the warehouse name from `name` or from `description`", async () => {
    const pdf = Buffer.from("%PDF-1.4 fake").toString("base64")
    const label = (warehouse: object) => ({
      body: { success: true, message: "ok", data: { warehouse, label: { format: "PDF", trackingNumber: "T9", data: pdf } } },
    })
    canned.set("generateLabel", [label({ code: "W1", description: "From description" }), label({ code: "W1", name: "From name" })])

    const first = await client().generateLabel({ orderReferenceCode: "R1" })
    const second = await client().generateLabel({ orderReferenceCode: "R1" })

    expect(first.info?.warehouse?.name).toBe("From description")
    expect(second.info?.warehouse?.name).toBe("From name")
  })

  it("treats success \"false\" with HTTP 200 as a refusal carrying the service's message", async () => {
    canned.set("cancel", [{ body: { success: "false", message: "Label already generated" } }])
    const error = await client().cancel({ orderReferenceCode: "R1" }).catch((e) => e)
    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error.serviceMessage).toBe("Label already generated")
  })

  it("recognises a not-imported refusal whatever the HTTP status", async () => {
    canned.set("sendVerificationCode", [{ body: { success: false, message: "The order has not yet been imported" } }])
    await expect(client().sendVerificationCode("R1")).rejects.toMatchObject({ code: "not_imported", retryable: true })
  })

  it("takes getIdentifier's 'order not found' as not found whatever the HTTP status, and nothing looser", async () => {
    canned.set("getIdentifier", [
      { body: { success: false, message: "Order not found" } },
      { body: { success: false, message: "Order SHOP-1 does not exist" } },
      { body: { success: false, message: "No such order for this merchant" } },
      { body: { success: false, message: "Merchant not found" } },
    ])
    await expect(client().getIdentifier("SHOP-1")).resolves.toBeNull()
    await expect(client().getIdentifier("SHOP-1")).resolves.toBeNull()
    await expect(client().getIdentifier("SHOP-1")).resolves.toBeNull()
    // Anything else is a refusal: taken for "not found", an order that exists would be created again.
    await expect(client().getIdentifier("SHOP-1")).rejects.toMatchObject({ code: "rejected", serviceMessage: "Merchant not found" })
  })

  it("takes a 404 that says the order is not imported yet as not imported, not as no such order", async () => {
    const notImported = { status: 404, body: { success: false, message: "Order R1 has not been imported yet" } }
    canned.set("getIdentifier", [notImported])
    canned.set("cancel", [notImported])
    // Taken for "no such order", the lookup after a lost create would create the order again, and the cancel be recorded done.
    await expect(client().getIdentifier("SHOP-1")).rejects.toMatchObject({ code: "not_imported", retryable: true })
    await expect(client().cancel({ orderReferenceCode: "R1" })).rejects.toMatchObject({ code: "not_imported" })
  })

  it("takes a 404 page that is not the service's answer as the service out of reach, not as no such order", async () => {
    const proxyPage = { status: 404, body: "<html><body><h1>404 Not Found</h1>nginx</body></html>" }
    canned.set("getIdentifier", [proxyPage])
    canned.set("cancel", [proxyPage])
    await expect(client().getIdentifier("SHOP-1")).rejects.toMatchObject({
      code: "unavailable",
      httpStatus: 404,
      outcomeUnknown: false,
      serviceMessage: undefined,
      message: expect.stringContaining("check the baseUrl option"),
    })
    await expect(client().cancel({ orderReferenceCode: "R1" })).rejects.toMatchObject({ code: "unavailable", httpStatus: 404 })
    // The service's own 404 still says the order is not there.
    canned.set("getIdentifier", [{ status: 404, body: { success: false, message: "No order with orderNumber SHOP-1" } }])
    await expect(client().getIdentifier("SHOP-1")).resolves.toBeNull()
  })

  it("treats a body without the documented fields as a protocol error", async () => {
    canned.set("create", [{ body: { success: true, message: "created" } }])
    canned.set("getIdentifier", [{ body: { ok: 1 } }])
    canned.set("generateLabel", [{ body: { success: true, message: "ok", data: { label: { data: Buffer.from("not a pdf").toString("base64") } } } }])

    const orderInput = {
      customer: "A B", customerEmail: "a@example.com", customerPhone: "1", orderNumber: "N", reference: "r",
      orderDate: "20261122", description: "d", codePickupPoint: "P", proximityPrice: 1, orderCountInCurrentYear: 0,
      rows: [{ description: "x" }],
    }
    await expect(client().create(orderInput)).rejects.toThrow(/success without data.orderReferenceCode/)
    await expect(client().getIdentifier("N")).rejects.toBeInstanceOf(ShipmentOrdersProtocolError)
    await expect(client().generateLabel({ orderReferenceCode: "R" })).rejects.toThrow(/not a base64-encoded PDF/)
  })

  it("reads downloadLabel as PDF bytes, and a JSON refusal as a rejection", async () => {
    const pdf = Buffer.from("%PDF-1.4\nfake label\n%%EOF")
    canned.set("downloadLabel", [{ body: pdf }, { status: 409, body: { success: false, message: "label not generated" } }])

    await expect(client().downloadLabel("R1")).resolves.toEqual(pdf)
    await expect(client().downloadLabel("R1")).rejects.toMatchObject({ httpStatus: 409, serviceMessage: "label not generated" })
  })
})

describe("authentication headers", () => {
  it("sends the default X-Merchant-Code and X-Api-Key headers", async () => {
    canned.set("getIdentifier", [{ body: { success: true, message: "", data: { orderReferenceCode: "R1" } } }])
    await client().getIdentifier("N1")
    expect(received[0].headers).toMatchObject({ "x-merchant-code": "M1", "x-api-key": "K1" })
  })

  it("sends the header names the options give", async () => {
    canned.set("getIdentifier", [{ body: { success: true, message: "", data: { orderReferenceCode: "R1" } } }])
    await client({ authHeaders: { merchantCode: "X-Merchant", apiKey: "Authorization-Key" } }).getIdentifier("N1")
    expect(received[0].headers).toMatchObject({ "x-merchant": "M1", "authorization-key": "K1" })
    expect(received[0].headers).not.toHaveProperty("x-api-key")
  })
})

describe("rate limiting", () => {
  it("waits as Retry-After asks on a read, then succeeds", async () => {
    canned.set("status", [
      { status: 429, headers: { "Retry-After": "0" }, body: { success: false, message: "slow down" } },
      { body: { success: true, message: "OK", total: 0, items: [] } },
    ])
    await expect(client().status([{ orderNumber: "N" }])).resolves.toEqual({ total: 0, items: [] })
    expect(received.map((r) => r.path)).toEqual(["status", "status"])
  })

  it("does not retry a rate-limited create", async () => {
    canned.set("create", [{ status: 429, body: { success: false, message: "slow down" } }])
    const error = await client()
      .create({
        customer: "A B", customerEmail: "a@example.com", customerPhone: "1", orderNumber: "N", reference: "r",
        orderDate: "20261122", description: "d", codePickupPoint: "P", proximityPrice: 1, orderCountInCurrentYear: 0,
        rows: [{ description: "x" }],
      })
      .catch((e) => e)
    expect(error).toMatchObject({ code: "unavailable", reason: "rate_limited", outcomeUnknown: false })
    expect(received).toHaveLength(1)
  })
})

describe("the backoff between retries", () => {
  it("waits retryBaseDelayMs first, then doubles, with up to 20 % jitter", () => {
    for (const [attempt, base] of [
      [1, 250],
      [2, 500],
      [3, 1000],
    ]) {
      for (let i = 0; i < 50; i++) {
        const wait = backoffMs(attempt, 250)
        expect(wait).toBeGreaterThanOrEqual(base)
        expect(wait).toBeLessThanOrEqual(base * 1.2)
      }
    }
  })
})
