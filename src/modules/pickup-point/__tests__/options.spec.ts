import { parsePluginOptions } from "../options"

const credentials = { baseUrl: "https://api.example.com", merchantCode: "M", apiKey: "K" }

describe("plugin options", () => {
  it("fill in the defaults", () => {
    expect(parsePluginOptions(credentials)).toEqual({
      ...credentials,
      authHeaders: { merchantCode: "X-Merchant-Code", apiKey: "X-Api-Key" },
      timeoutMs: 10_000,
      labelTimeoutMs: 30_000,
      retries: 2,
      retryBaseDelayMs: 250,
      retryMaxDelayMs: 5_000,
      merchantType: "DELIVERY",
      insuranceEnabled: false,
      insurance: "never",
      orderNumberPrefix: "",
      timeZone: "UTC",
      warehouses: { byStockLocation: {} },
      ordersBeforeInstall: 0,
      retention: { webhookDeliveriesDays: 90, trackingHistoryDays: 365, serviceCallsDays: 7, personalDataDays: 180, batchSize: 1000, maxBatchesPerRun: 100 },
      shipmentRetry: { baseDelayMs: 30_000, maxDelayMs: 3_600_000, refusedCreateAttempts: 3 },
      statusMapping: {},
      storeSearchRateLimit: { max: 120, windowSeconds: 60 },
      trackingSync: { batchSize: 100, maxBatchesPerRun: 50, maxAgeDays: 60, circuitFailureThreshold: 3, circuitOpenMs: 300_000 },
      webhook: { signatureHeader: "x-signature", timestampHeader: "x-signature-timestamp", toleranceSeconds: 300 },
      verificationCode: { minIntervalSeconds: 60, maxPerDay: 5, sendWhenReady: true },
      weightUnit: "g",
      dimensionUnit: "cm",
    })
  })

  it("name every wrong option in one error", () => {
    expect(() =>
      parsePluginOptions({ baseUrl: "ftp:/nope", apiKey: "", merchantType: "COURIER", timeoutMs: -5, timeZone: "Mars/Olympus" })
    ).toThrow(
      /invalid plugin options: baseUrl: must be an http\(s\) URL.*; merchantCode: is required; apiKey: is required; timeoutMs: .*; merchantType: .*; timeZone: must be an IANA time zone/
    )
  })

  it("accept an insurance threshold and a warehouse per stock location", () => {
    const options = parsePluginOptions({
      ...credentials,
      insurance: { minGoodsValue: 100 },
      warehouses: { default: "WH-1", byStockLocation: { sloc_1: "WH-2" } },
    })
    expect(options.insurance).toEqual({ minGoodsValue: 100 })
    expect(options.warehouses).toEqual({ default: "WH-1", byStockLocation: { sloc_1: "WH-2" } })
  })

  it("read status mapping overrides in any spelling of the code, and refuse an unknown stage", () => {
    expect(parsePluginOptions({ ...credentials, statusMapping: { ST0010: "shipped", "11": "returned" } }).statusMapping).toEqual({
      ST_0010: "shipped",
      ST_0011: "returned",
    })
    expect(() => parsePluginOptions({ ...credentials, statusMapping: { ST_0010: "lost" } })).toThrow(/statusMapping.ST_0010/)
  })

  it("take a tracking page with {tracking_number} in it, and the store search limit or false", () => {
    const options = parsePluginOptions({ ...credentials, trackingUrlTemplate: "https://track.example.com/?n={tracking_number}", storeSearchRateLimit: false })
    expect(options.trackingUrlTemplate).toBe("https://track.example.com/?n={tracking_number}")
    expect(options.storeSearchRateLimit).toBe(false)
    expect(() => parsePluginOptions({ ...credentials, trackingUrlTemplate: "https://track.example.com/" })).toThrow(/trackingUrlTemplate: must be an http\(s\) URL with \{tracking_number\}/)
    expect(() => parsePluginOptions({ ...credentials, trackingUrlTemplate: "javascript:alert({tracking_number})" })).toThrow(/trackingUrlTemplate/)
  })

  it("take the server's public URL for label links, without a trailing slash, and refuse one that is not http(s)", () => {
    expect(parsePluginOptions({ ...credentials }).backendUrl).toBeUndefined()
    expect(parsePluginOptions({ ...credentials, backendUrl: "https://shop.example.com/" }).backendUrl).toBe("https://shop.example.com")
    expect(() => parsePluginOptions({ ...credentials, backendUrl: "ftp://shop.example.com" })).toThrow(/backendUrl: must be an http\(s\) URL/)
    expect(() => parsePluginOptions({ ...credentials, backendUrl: "shop.example.com" })).toThrow(/backendUrl/)
  })

  it("never repeat the API key in their error", () => {
    const apiKey = "secret-key-should-not-leak"
    expect(() => parsePluginOptions({ apiKey, merchantCode: "M" })).toThrow(/baseUrl/)
    expect(() => parsePluginOptions({ apiKey, merchantCode: "M" })).not.toThrow(new RegExp(apiKey))
  })
})
