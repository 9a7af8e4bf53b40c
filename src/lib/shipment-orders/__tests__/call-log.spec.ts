import { serviceCallRecord, ShipmentOrdersRejectedError, ShipmentOrdersUnavailableError, type ServiceCall } from ".."
import { MERCHANTS, orderInput, useTestSandbox } from "../../../../test-support/sandbox-fixtures"

const sandbox = useTestSandbox()

const ALLOWED = ["at", "attempt", "duration_ms", "http_status", "operation", "outcome", "retried"]

/** A client whose every reported call lands in `calls`. */
function recordingClient(options: Parameters<typeof sandbox.client>[1] = {}) {
  const calls: ServiceCall[] = []
  const client = sandbox.client(undefined, { ...options, onCall: (call) => calls.push(call) })
  return { client, calls }
}

describe("the call log's record", () => {
  it("keeps the allowed fields only, each of its type, whatever else it is given", () => {
    const at = new Date("2026-11-22T10:00:00Z")
    const record = serviceCallRecord({
      operation: "create",
      http_status: 201,
      duration_ms: 12.6,
      outcome: "ok",
      attempt: 1,
      retried: false,
      at,
      // Nothing below may pass.
      ...({ apiKey: MERCHANTS.delivery.apiKey, body: { customerEmail: "maria.bianchi@example.com" }, verificationCode: "123456" } as object),
    })
    expect(record).toEqual({ operation: "create", http_status: 201, duration_ms: 13, outcome: "ok", attempt: 1, retried: false, at })
    expect(Object.keys(record).sort()).toEqual(ALLOWED)
  })

  it("coerces what is not of its kind instead of keeping it", () => {
    const record = serviceCallRecord({
      operation: "https://example.com/?apiKey=secret",
      http_status: "maria@example.com",
      duration_ms: -5,
      outcome: "ok; customerPhone=+39 333 1234567",
      attempt: "2 (code 123456)",
      retried: "yes",
      at: "yesterday",
    })
    expect(record).toMatchObject({ operation: "unknown", http_status: null, duration_ms: 0, outcome: "network_error", attempt: 1, retried: false })
    expect(record.at).toBeInstanceOf(Date)
    // The time is the record's own (now): a run at 03:25:11.333 once matched 333.
    const { at: _at, ...kept } = record
    expect(JSON.stringify(kept)).not.toMatch(/secret|maria|333|123456/)
  })
})

describe("the client's onCall", () => {
  it("reports each call with its operation, status and outcome, and nothing of the request or the answer", async () => {
    const { client, calls } = recordingClient()
    const input = orderInput()
    const { orderReferenceCode } = await client.create(input)
    await client.sendVerificationCode(orderReferenceCode)
    expect(await client.getIdentifier("NOT-AN-ORDER")).toBeNull()

    expect(calls.map(({ operation, http_status, outcome, attempt, retried }) => ({ operation, http_status, outcome, attempt, retried }))).toEqual([
      { operation: "create", http_status: 200, outcome: "ok", attempt: 1, retried: false },
      { operation: "sendVerificationCode", http_status: 200, outcome: "ok", attempt: 1, retried: false },
      { operation: "getIdentifier", http_status: 404, outcome: "not_found", attempt: 1, retried: false },
    ])
    for (const call of calls) {
      expect(Object.keys(call).sort()).toEqual(ALLOWED)
      expect(call.duration_ms).toBeGreaterThanOrEqual(0)
    }
    const [email] = await sandbox.emails()
    const text = JSON.stringify(calls)
    for (const secret of [MERCHANTS.delivery.apiKey, input.customerEmail, input.customerPhone, input.customer, input.orderNumber, orderReferenceCode, email.code]) {
      expect(text).not.toContain(String(secret))
    }
  })

  it("reports a retried attempt as retried, the last as the caller sees it, and a refusal as refused", async () => {
    const { client, calls } = recordingClient({ retries: 2 })
    await sandbox.fault("status", "http_503", 2)
    await client.status([{ orderNumber: "ANY" }])
    expect(calls.map(({ http_status, outcome, attempt, retried }) => ({ http_status, outcome, attempt, retried }))).toEqual([
      { http_status: 503, outcome: "server_error", attempt: 1, retried: true },
      { http_status: 503, outcome: "server_error", attempt: 2, retried: true },
      { http_status: 200, outcome: "ok", attempt: 3, retried: false },
    ])

    calls.length = 0
    await sandbox.fault("create", "reject", 1)
    await expect(client.create(orderInput())).rejects.toBeInstanceOf(ShipmentOrdersRejectedError)
    expect(calls).toMatchObject([{ operation: "create", outcome: "refused", attempt: 1, retried: false }])
  })

  it("reports a timeout, and a listener that throws never breaks the call", async () => {
    const calls: ServiceCall[] = []
    const client = sandbox.client(undefined, {
      timeoutMs: 200,
      retries: 0,
      onCall: (call) => {
        calls.push(call)
        throw new Error("the log is down")
      },
    })
    await sandbox.fault("status", "timeout", 1)
    await expect(client.status([{ orderNumber: "ANY" }])).rejects.toBeInstanceOf(ShipmentOrdersUnavailableError)
    expect(calls).toMatchObject([{ operation: "status", http_status: null, outcome: "timeout", attempt: 1, retried: false }])
    expect(calls[0].duration_ms).toBeGreaterThanOrEqual(150)

    await expect(client.getIdentifier("NOT-AN-ORDER")).resolves.toBeNull()
    expect(calls).toHaveLength(2)
  })
})
