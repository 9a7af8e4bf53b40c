import type { AddressInfo } from "node:net"
import type { Server } from "node:http"
import axios from "axios"
import express from "express"
import { DEMO_MERCHANTS, startSandbox } from ".."
// The client comes through test-support: nothing under src/sandbox imports src/lib.
import { clientFor, MERCHANTS, orderInput, useTestSandbox } from "../../../test-support/sandbox-fixtures"

const sandbox = useTestSandbox()

describe("merchants, warehouses, pickup points", () => {
  it("validate what they are given and name the wrong field", async () => {
    const merchant = await sandbox.control.post("/merchants", { merchantCode: "X", apiKey: "k", type: "COURIER" })
    expect(merchant.status).toBe(400)
    expect(merchant.data.message).toContain("type")

    const warehouse = await sandbox.control.post("/warehouses", {
      merchantCode: "NOBODY", code: "W", name: "n", address: "a", city: "c", zipcode: "z", country: "IT",
    })
    expect(warehouse.status).toBe(400)
    expect(warehouse.data.message).toBe("merchantCode: unknown merchant NOBODY")

    const point = await sandbox.control.post("/pickup-points", { code: "P" })
    expect(point.status).toBe(400)
    expect(point.data.message).toContain("publicCode")
  })
})

describe("reset", () => {
  it("forgets every order, call and fault", async () => {
    await sandbox.client().create(orderInput())
    await sandbox.fault("status", "http_500", 3)

    await sandbox.control.post("/reset")

    expect(await sandbox.orders()).toHaveLength(0)
    expect(await sandbox.calls()).toHaveLength(0)
    const unauthorized = await sandbox.raw().post("/status", { request: [{ orderNumber: "A" }] })
    expect(unauthorized.status).toBe(401) // merchants are gone too, and no fault fired
  })

  it("reloads the demo seed when the sandbox was started with it", async () => {
    const demo = await startSandbox({ port: 0, seed: "demo", importDelayMs: 0 })
    try {
      await axios.post(`${demo.url}/__sandbox/reset`)
      const client = clientFor(demo.url, DEMO_MERCHANTS.delivery)
      const created = await client.create(orderInput({ codePickupPoint: "PP-MI-002", insured: true }))
      expect(created.pickupPointPublicCode).toBe("MI002")
      const label = await client.generateLabel({ orderReferenceCode: created.orderReferenceCode })
      expect(label.kind).toBe("label")
      expect(label.info?.warehouse?.code).toBe("WH-MILANO")

      const storage = clientFor(demo.url, DEMO_MERCHANTS.storage)
      await expect(storage.create(orderInput({ codePickupPoint: "PP-RM-001", insured: true }))).rejects.toMatchObject({ httpStatus: 400 })
    } finally {
      await demo.close()
    }
  })
})

describe("settings", () => {
  it("changes the import delay of new orders", async () => {
    const bad = await sandbox.control.patch("/settings", { importDelayMs: -1 })
    expect(bad.status).toBe(400)

    const saved = await sandbox.control.patch("/settings", { importDelayMs: 60_000 })
    expect(saved.data).toMatchObject({ success: true, settings: { importDelayMs: 60_000 } })
    const { orderReferenceCode } = await sandbox.client().create(orderInput())
    const order = (await sandbox.control.get(`/orders/${orderReferenceCode}`)).data.order
    expect(order.imported).toBe(false)
  })
})

describe("faults", () => {
  it("accept only the documented operations and kinds", async () => {
    expect((await sandbox.control.post("/faults", { operation: "teleport", kind: "timeout" })).status).toBe(400)
    expect((await sandbox.control.post("/faults", { operation: "status", kind: "explode" })).status).toBe(400)
    expect((await sandbox.control.post("/faults", { operation: "status", kind: "reject", times: 0 })).status).toBe(400)
  })

  it("spend themselves on exactly `times` calls, and DELETE clears them", async () => {
    const raw = sandbox.raw()
    await sandbox.fault("*", "http_500", 2)
    const statuses = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await raw.get("/getIdentifier", { params: { orderNumber: "A" } })).status)
    }
    expect(statuses).toEqual([500, 500, 404])

    await sandbox.fault("status", "reject", 5)
    await sandbox.control.delete("/faults")
    expect((await raw.post("/status", { request: [{ orderNumber: "A" }] })).data.success).toBe(true)
  })

  it("with a probability, strike about that share of calls, of random kinds with `*`, until cleared", async () => {
    expect((await sandbox.control.post("/faults", { operation: "*", kind: "*", probability: 0 })).status).toBe(400)
    expect((await sandbox.control.post("/faults", { operation: "*", kind: "*", probability: 1.5 })).status).toBe(400)
    const both = await sandbox.control.post("/faults", { operation: "*", kind: "reject", times: 2, probability: 0.5 })
    expect(both.status).toBe(400)
    expect(both.data.message).toContain("probability")

    const set = await sandbox.control.post("/faults", { operation: "getIdentifier", kind: "*", probability: 0.3, seed: 7 })
    expect(set.status).toBe(201)
    expect(set.data.faults).toEqual([{ operation: "getIdentifier", kind: "*", probability: 0.3, seed: 7 }])
    const raw = sandbox.raw()
    for (let i = 0; i < 200; i++) {
      // `timeout` never answers: give up quickly on it.
      await raw.get("/getIdentifier", { params: { orderNumber: "A" }, timeout: 50 }).catch(() => undefined)
    }
    const calls = (await sandbox.calls()) as { operation: string; fault?: string }[]
    const faulted = calls.filter((c) => c.fault)
    expect(faulted.length).toBeGreaterThan(30)
    expect(faulted.length).toBeLessThan(90)
    expect(new Set(faulted.map((c) => c.fault)).size).toBeGreaterThanOrEqual(4)
    // A probable fault stays: it is not spent, and other operations are untouched.
    expect((await raw.post("/status", { request: [{ orderNumber: "A" }] })).data.success).toBe(true)

    await sandbox.control.delete("/faults")
    const after = []
    for (let i = 0; i < 20; i++) {
      after.push((await raw.get("/getIdentifier", { params: { orderNumber: "A" } })).status)
    }
    expect(after.every((status) => status === 404)).toBe(true)
  })

  it("malformed answers 200 with a body that is not JSON", async () => {
    await sandbox.fault("getIdentifier", "malformed")
    const response = await sandbox.raw().get("/getIdentifier", { params: { orderNumber: "A" }, transformResponse: (d) => d })
    expect(response.status).toBe(200)
    expect(() => JSON.parse(response.data)).toThrow()
  })
})

describe("orders, tracking, e-mails and calls", () => {
  it("show every order with its internal state, and move the parcel on", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await client.generateLabel({ orderReferenceCode })

    const moved = await sandbox.control.post(`/orders/${orderReferenceCode}/tracking`, { statusCode: "ST0005" })
    expect(moved.status).toBe(200)

    const { order } = (await sandbox.control.get(`/orders/${orderReferenceCode}`)).data
    expect(order).toMatchObject({
      orderReferenceCode,
      merchantCode: MERCHANTS.delivery.merchantCode,
      imported: true,
      label: { format: "PDF", bytes: expect.any(Number) },
    })
    expect(order.tracking.map((e: { statusCode: string; source: string }) => `${e.statusCode}/${e.source}`)).toEqual([
      "ST_0001/service",
      "ST_0002/service",
      "ST_0005/network",
    ])
    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0].tracking).toMatchObject({ status: "ST_0005", statusDescription: "At the pickup point" })

    expect((await sandbox.control.get("/orders/SO_NOPE")).status).toBe(404)
    expect((await sandbox.control.post(`/orders/${orderReferenceCode}/tracking`, { statusCode: "moved" })).status).toBe(400)
  })

  it("forget one order on DELETE, after which the merchant API answers 404 for it", async () => {
    const client = sandbox.client()
    const kept = await client.create(orderInput())
    const { orderReferenceCode } = await client.create(orderInput())

    expect((await sandbox.control.delete(`/orders/${orderReferenceCode}`)).data).toMatchObject({ success: true })
    expect((await sandbox.control.get(`/orders/${orderReferenceCode}`)).status).toBe(404)
    await expect(client.cancel({ orderReferenceCode })).rejects.toMatchObject({ code: "not_found" })
    expect((await sandbox.control.get(`/orders/${kept.orderReferenceCode}`)).status).toBe(200)
    expect((await sandbox.control.delete(`/orders/${orderReferenceCode}`)).status).toBe(404)
  })

  it("record every merchant call with its outcome", async () => {
    const client = sandbox.client()
    await client.create(orderInput())
    await client.getIdentifier("UNKNOWN")
    await sandbox.fault("status", "timeout")
    await sandbox.client(undefined, { timeoutMs: 100, retries: 0 }).status([{ orderNumber: "A" }]).catch(() => undefined)

    const calls = await sandbox.calls()
    expect(calls.map(({ operation, merchantCode, httpStatus, success, fault }) => ({ operation, merchantCode, httpStatus, success, fault }))).toEqual([
      { operation: "create", merchantCode: "M-DELIVERY", httpStatus: 200, success: true, fault: undefined },
      { operation: "getIdentifier", merchantCode: "M-DELIVERY", httpStatus: 404, success: false, fault: undefined },
      { operation: "status", merchantCode: "M-DELIVERY", httpStatus: null, success: false, fault: "timeout" },
    ])
  })
})

describe("the platform webhook", () => {
  let receiver: Server
  let receiverUrl: string
  const deliveries: { headers: Record<string, unknown>; body: unknown }[] = []
  let answer = 200

  beforeAll(async () => {
    const app = express()
    app.use(express.json())
    app.post("/hooks/pickup-point", (req, res) => {
      deliveries.push({ headers: req.headers, body: req.body })
      res.status(answer).json({ received: true })
    })
    receiver = app.listen(0, "127.0.0.1")
    await new Promise((resolve) => receiver.once("listening", resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/pickup-point`
  })

  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })

  it("POSTs the confirmation with the merchant's key and answers with the receiver's status", async () => {
    await sandbox.control.post("/merchants", { ...MERCHANTS.delivery, webhookUrl: receiverUrl })
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    const label = await client.generateLabel({ orderReferenceCode })

    answer = 202
    const response = await sandbox.control.post(`/orders/${orderReferenceCode}/platform-webhook`, {})

    expect(response.status).toBe(202)
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0].headers["x-api-key"]).toBe(MERCHANTS.delivery.apiKey)
    expect(deliveries[0].body).toEqual({
      trackingNumber: label.kind === "label" ? label.trackingNumber : undefined,
      statusCode: "ST_0003",
      statusDescription: "Collected from the warehouse",
      orderReferencecode: orderReferenceCode,
    })
    const { items } = await client.status([{ orderReferenceCode }])
    expect(items[0].tracking?.status).toBe("ST_0003")

    answer = 401
    const refused = await sandbox.control.post(`/orders/${orderReferenceCode}/platform-webhook`, { statusCode: "ST_0004" })
    expect(refused.status).toBe(401)
    expect(refused.data.success).toBe(false)
  })

  it("is refused for a merchant without a webhook URL", async () => {
    const { orderReferenceCode } = await sandbox.client(MERCHANTS.other).create(orderInput())
    const response = await sandbox.control.post(`/orders/${orderReferenceCode}/platform-webhook`, {})
    expect(response.status).toBe(409)
    expect(response.data.message).toBe("Merchant M-OTHER has no webhookUrl")
  })
})

describe("startSandbox", () => {
  it("picks a free port on loopback and closes even while a request is held open", async () => {
    const running = await startSandbox({ port: 0 })
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await axios.post(`${running.url}/__sandbox/faults`, { operation: "*", kind: "timeout" })
    const held = axios.get(`${running.url}/platform-api-server/api/merchant/shipment/getIdentifier`).catch((e) => e)

    await new Promise((resolve) => setTimeout(resolve, 50))
    await running.close()

    expect((await held).code).toBe("ECONNRESET")
  })
})
