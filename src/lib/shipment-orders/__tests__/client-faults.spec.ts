import {
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnavailableError,
  ShipmentOrdersClient,
} from ".."
import { createServer } from "node:net"
import { MERCHANTS, orderInput, useTestSandbox } from "../../../../test-support/sandbox-fixtures"

const sandbox = useTestSandbox()

/** A loopback port nothing listens on (and no pooled connection points at). */
function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Time a promise takes to settle, and how it settled. */
async function timed<T>(promise: Promise<T>) {
  const started = Date.now()
  const outcome = await promise.then(
    (value) => ({ value, error: undefined }),
    (error) => ({ value: undefined, error })
  )
  return { ...outcome, elapsedMs: Date.now() - started }
}

describe("operations that are safe to retry", () => {
  it("retry 5xx answers and succeed once the service recovers", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await sandbox.fault("status", "http_503", 2)

    const result = await client.status([{ orderReferenceCode }])

    expect(result.items[0].success).toBe(true)
    const calls = await sandbox.calls("status")
    expect(calls.map((call) => call.httpStatus)).toEqual([503, 503, 200])
  })

  it("give up after the configured retries with an unavailable error, logging each retry without secrets", async () => {
    const lines: string[] = []
    const logger = { warn: (line: string) => lines.push(line), debug: (line: string) => lines.push(line) }
    const client = sandbox.client(undefined, { retries: 2, logger })
    await sandbox.fault("getIdentifier", "http_500", 10)

    const error = await client.getIdentifier("ANY").catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(error).toMatchObject({ reason: "server_error", httpStatus: 500, attempts: 3, retryable: true })
    expect(error.message).toContain("after 3 attempts")
    expect(await sandbox.calls("getIdentifier")).toHaveLength(3)
    expect(lines).toEqual([
      "[shipment-orders] getIdentifier attempt 1 failed (server_error); retrying",
      "[shipment-orders] getIdentifier attempt 2 failed (server_error); retrying",
    ])
    expect(lines.join("\n")).not.toContain(MERCHANTS.delivery.apiKey)
  })

  it("retry an attempt that times out, each attempt bounded by the deadline", async () => {
    const client = sandbox.client(undefined, { timeoutMs: 250 })
    const { orderReferenceCode } = await client.create(orderInput())
    await sandbox.fault("status", "timeout", 1)

    const { value, error, elapsedMs } = await timed(client.status([{ orderReferenceCode }]))

    expect(error).toBeUndefined()
    expect(value?.items[0].success).toBe(true)
    expect(elapsedMs).toBeGreaterThanOrEqual(250)
    expect((await sandbox.calls("status")).map((call) => call.fault ?? "answered")).toEqual(["timeout", "answered"])
  })

  it("never hang: a service that never answers ends in a timeout error", async () => {
    const client = sandbox.client(undefined, { timeoutMs: 200, retries: 1 })
    await sandbox.fault("*", "timeout", 10)

    const { error, elapsedMs } = await timed(client.getIdentifier("ANY"))

    expect(error).toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(error).toMatchObject({ reason: "timeout", attempts: 2, outcomeUnknown: true })
    // Two attempts of 200 ms and one short backoff; far below anything that could be called a hang.
    expect(elapsedMs).toBeLessThan(5_000)
  })

  it("repeat generateLabel after a dropped answer and get the label made the first time", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await sandbox.fault("generateLabel", "commit_then_drop", 1)

    const result = await client.generateLabel({ orderReferenceCode })

    expect(result.kind).toBe("label")
    const [order] = await sandbox.orders()
    expect(result.kind === "label" && result.trackingNumber).toBe(order.trackingNumber)
    expect(order.tracking.filter((event: { statusCode: string }) => event.statusCode === "ST_0002")).toHaveLength(1)
  })

  it("report an unknown outcome when an earlier attempt may have been acted on, whatever the last answer said", async () => {
    const client = sandbox.client(undefined, { retries: 2 })
    const { orderReferenceCode } = await client.create(orderInput())
    // The first cancel is carried out and its answer lost; the retries meet a 503 (nothing done).
    await sandbox.fault("cancel", "commit_then_drop", 1)
    await sandbox.fault("cancel", "http_503", 10)

    const error = await client.cancel({ orderReferenceCode }).catch((e) => e)

    expect(error).toMatchObject({ code: "unavailable", httpStatus: 503, attempts: 3, outcomeUnknown: true })
    expect((await sandbox.orders())[0].cancelledAt).toBeTruthy()
  })

  it("repeat generateLabel once-only (a STORAGE merchant's) only after an attempt the service did not act on", async () => {
    const client = sandbox.client(undefined, { retries: 2 })
    const { orderReferenceCode } = await client.create(orderInput())
    // Were it retried, the second attempt would find no fault left and succeed.
    await sandbox.fault("generateLabel", "http_500", 1)
    const error = await client.generateLabel({ orderReferenceCode }, { onceOnly: true }).catch((e) => e)
    expect(error).toMatchObject({ code: "unavailable", httpStatus: 500, attempts: 1, outcomeUnknown: true })
    expect(await sandbox.calls("generateLabel")).toHaveLength(1)

    await sandbox.fault("generateLabel", "http_503", 1)
    await expect(client.generateLabel({ orderReferenceCode }, { onceOnly: true })).resolves.toMatchObject({ kind: "label" })
    expect((await sandbox.calls("generateLabel")).map((call) => call.httpStatus)).toEqual([500, 503, 200])
  })

  it("honour the service's refusal of a cancel with no retry", async () => {
    const client = sandbox.client()
    await sandbox.fault("cancel", "reject", 1)

    const error = await client.cancel({ orderReferenceCode: "SO0000000000" }).catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(error).toMatchObject({ httpStatus: 200, serviceMessage: "Request rejected by the service (injected fault)" })
    expect(await sandbox.calls("cancel")).toHaveLength(1)
  })

  it("surface a malformed body as a protocol error without retrying", async () => {
    const client = sandbox.client()
    await sandbox.fault("status", "malformed", 1)

    const error = await client.status([{ orderNumber: "A" }]).catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersProtocolError)
    expect(error.message).toContain("the body is not valid JSON")
    expect(await sandbox.calls("status")).toHaveLength(1)
  })
})

describe("operations with side effects", () => {
  it("create is never retried after a 5xx", async () => {
    const client = sandbox.client()
    await sandbox.fault("create", "http_503", 1)

    const error = await client.create(orderInput()).catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(error).toMatchObject({ reason: "server_error", httpStatus: 503, attempts: 1, outcomeUnknown: false })
    expect(await sandbox.calls("create")).toHaveLength(1)
    expect(await sandbox.orders()).toHaveLength(0)
  })

  it("create after a dropped answer reports an unknown outcome, and getIdentifier finds the order", async () => {
    const client = sandbox.client()
    const input = orderInput()
    await sandbox.fault("create", "commit_then_drop", 1)

    const error = await client.create(input).catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(error).toMatchObject({ reason: "network", outcomeUnknown: true, attempts: 1 })
    expect(error.message).toContain("look the order up with getIdentifier(orderNumber) before creating it again")
    const orders = await sandbox.orders()
    expect(orders).toHaveLength(1)
    await expect(client.getIdentifier(input.orderNumber)).resolves.toEqual({
      orderReferenceCode: orders[0].orderReferenceCode,
    })
  })

  it("create that times out fails within its deadline, once", async () => {
    const client = sandbox.client(undefined, { timeoutMs: 300 })
    await sandbox.fault("create", "timeout", 1)

    const { error, elapsedMs } = await timed(client.create(orderInput()))

    expect(error).toMatchObject({ code: "unavailable", reason: "timeout", outcomeUnknown: true, attempts: 1 })
    expect(elapsedMs).toBeGreaterThanOrEqual(300)
    expect(elapsedMs).toBeLessThan(3_000)
    expect(await sandbox.calls("create")).toHaveLength(1)
  })

  it("updateTracking and sendVerificationCode are not retried", async () => {
    const client = sandbox.client()
    const { orderReferenceCode } = await client.create(orderInput())
    await sandbox.fault("updateTracking", "http_500", 1)
    await sandbox.fault("sendVerificationCode", "http_503", 1)

    await expect(
      client.updateTracking({ orderReferenceCode, statusCode: "ST_0004", statusDescription: "In transit" })
    ).rejects.toMatchObject({ code: "unavailable", attempts: 1, outcomeUnknown: true })
    await expect(client.sendVerificationCode(orderReferenceCode)).rejects.toMatchObject({
      code: "unavailable",
      attempts: 1,
      outcomeUnknown: false,
    })
    expect(await sandbox.calls("updateTracking")).toHaveLength(1)
    expect(await sandbox.calls("sendVerificationCode")).toHaveLength(1)
    expect(await sandbox.emails()).toHaveLength(0)
  })

  it("a rejected create surfaces the service's message", async () => {
    await sandbox.fault("create", "reject", 1)
    await expect(sandbox.client().create(orderInput())).rejects.toMatchObject({
      code: "rejected",
      message: "The carrier refused the create request: Request rejected by the service (injected fault)",
    })
  })
})

describe("an unreachable service", () => {
  it("reports that nothing was sent when the connection is refused", async () => {
    const client = new ShipmentOrdersClient({
      baseUrl: `http://127.0.0.1:${await unusedPort()}`,
      merchantCode: "M",
      apiKey: "K",
      retries: 1,
      retryBaseDelayMs: 10,
    })

    const error = await client.create(orderInput()).catch((e) => e)

    expect(error).toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(error).toMatchObject({ reason: "network", outcomeUnknown: false, attempts: 1 })
    expect(error.message).toContain("ECONNREFUSED")
  })
})
