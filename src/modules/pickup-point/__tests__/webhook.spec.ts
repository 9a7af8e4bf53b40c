import { signWebhookBody, verifyWebhook } from "../../../api/lib/webhook-auth"
import { readPlatformConfirmation } from "../lib/webhook-payload"
import { instantIn } from "../lib/zoned-time"

const settings = { apiKey: "merchant-key", signatureHeader: "x-signature", timestampHeader: "x-signature-timestamp", toleranceSeconds: 300 }
const body = Buffer.from('{"orderReferencecode":"SO1","statusCode":"ST_0006"}')

describe("verifyWebhook", () => {
  it("accepts the merchant's key and refuses a missing or wrong one", () => {
    expect(verifyWebhook({ "x-api-key": "merchant-key" }, body, settings)).toEqual({ ok: true })
    expect(verifyWebhook({}, body, settings)).toEqual({ ok: false, reason: "missing X-Api-Key" })
    expect(verifyWebhook({ "x-api-key": "merchant-ke" }, body, settings)).toEqual({ ok: false, reason: "wrong X-Api-Key" })
  })

  describe("with an HMAC secret", () => {
    const signed = { ...settings, hmacSecret: "0123456789abcdef-secret" }
    const now = Date.UTC(2026, 10, 22, 10, 0, 0)
    const timestamp = now / 1000

    it("accepts a fresh signature of timestamp and body", () => {
      const headers = { "x-api-key": "merchant-key", "x-signature": signWebhookBody(body, signed.hmacSecret, timestamp), "x-signature-timestamp": String(timestamp) }
      expect(verifyWebhook(headers, body, signed, now)).toEqual({ ok: true })
    })

    it("refuses an unsigned, tampered, stale or wrongly keyed request", () => {
      const sign = (b: Buffer, ts = timestamp, secret = signed.hmacSecret) => ({
        "x-api-key": "merchant-key",
        "x-signature": signWebhookBody(b, secret, ts),
        "x-signature-timestamp": String(ts),
      })
      expect(verifyWebhook({ "x-api-key": "merchant-key" }, body, signed, now)).toMatchObject({ ok: false, reason: expect.stringContaining("missing x-signature") })
      expect(verifyWebhook(sign(Buffer.from("{}")), body, signed, now)).toEqual({ ok: false, reason: "wrong signature" })
      expect(verifyWebhook(sign(body, timestamp - 301), body, signed, now)).toEqual({ ok: false, reason: "signature timestamp outside the tolerance" })
      expect(verifyWebhook(sign(body, timestamp, "another-secret-of-16"), body, signed, now)).toEqual({ ok: false, reason: "wrong signature" })
    })
  })
})

describe("readPlatformConfirmation", () => {
  it.each([
    [{ orderReferencecode: "SO1", statusCode: "ST_0003", trackingNumber: "T1", statusDescription: "Out" }],
    [{ orderReferenceCode: "SO1", status_code: "ST_0003", tracking_number: "T1", status_description: "Out" }],
    [{ order_reference_code: "SO1", statusCode: "ST_0003", "tracking number": "T1", statusDescription: "Out" }],
  ])("reads the spellings in %j", (payload) => {
    expect(readPlatformConfirmation(payload)).toEqual({ orderReferenceCode: "SO1", statusCode: "ST_0003", trackingNumber: "T1", statusDescription: "Out" })
  })

  it("says what is missing", () => {
    expect(readPlatformConfirmation({ statusCode: "ST_0003" })).toEqual({ problem: "missing orderReferencecode" })
    expect(readPlatformConfirmation([1])).toEqual({ problem: "the body is not a JSON object" })
  })
})

describe("instantIn", () => {
  it("reads a wall-clock time in the store's time zone", () => {
    expect(instantIn("2026-11-22", "10:15", "Europe/Rome")?.toISOString()).toBe("2026-11-22T09:15:00.000Z")
    expect(instantIn("2026-07-01", "10:15", "Europe/Rome")?.toISOString()).toBe("2026-07-01T08:15:00.000Z")
    expect(instantIn("2026-11-22", null, "UTC")?.toISOString()).toBe("2026-11-22T00:00:00.000Z")
    expect(instantIn(null, "10:15", "UTC")).toBeNull()
  })

  it("reads the same instant as Intl for every quarter hour around a change of offset", () => {
    // The reading before the offsets were kept per hour: Intl asked each time.
    const reference = (date: string, time: string, timeZone: string) => {
      const [y, mo, d] = date.split("-").map(Number)
      const [h, mi] = time.split(":").map(Number)
      const asUtc = Date.UTC(y, mo - 1, d, h, mi)
      const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date(asUtc))
      const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
      return asUtc - (Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - asUtc)
    }
    // Rome at whole hours, St John's at 02:00 local (04:30 or 05:30 UTC), Lord Howe by half an hour.
    const changes = [
      ["Europe/Rome", "2026-03-29"],
      ["Europe/Rome", "2026-10-25"],
      ["America/St_Johns", "2026-03-08"],
      ["America/St_Johns", "2026-11-01"],
      ["Australia/Lord_Howe", "2026-04-05"],
      ["Australia/Lord_Howe", "2026-10-04"],
    ]
    let compared = 0
    for (const [timeZone, day] of changes) {
      for (const date of [day, new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10)]) {
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`
          expect([timeZone, date, time, instantIn(date, time, timeZone)!.getTime()]).toEqual([timeZone, date, time, reference(date, time, timeZone)])
          compared++
        }
      }
    }
    expect(compared).toBe(6 * 2 * 96)
  })
})
