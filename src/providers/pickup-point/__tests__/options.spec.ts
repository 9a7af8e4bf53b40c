import { MedusaError } from "@medusajs/framework/utils"
import { parseProviderOptions } from "../options"
import { PickupPointFulfillmentService } from "../service"

describe("provider options", () => {
  it("fills in the defaults", () => {
    expect(parseProviderOptions({ baseUrl: "https://api.example.com", merchantCode: "M", apiKey: "K" })).toEqual({
      baseUrl: "https://api.example.com",
      merchantCode: "M",
      apiKey: "K",
      merchantType: "DELIVERY",
      authHeaders: { merchantCode: "X-Merchant-Code", apiKey: "X-Api-Key" },
      timeoutMs: 10_000,
      labelTimeoutMs: 30_000,
      retries: 2,
      retryBaseDelayMs: 250,
      retryMaxDelayMs: 5_000,
    })
  })

  it("fails start-up with a Medusa error naming every wrong option", () => {
    const validate = () =>
      PickupPointFulfillmentService.validateOptions({ baseUrl: "ftp:/nope", apiKey: "", merchantType: "COURIER", timeoutMs: -5 })
    expect(validate).toThrow(MedusaError)
    expect(validate).toThrow(
      /invalid fulfillment provider options: baseUrl: .*; merchantCode: .*; apiKey: is required; timeoutMs: .*; merchantType: /
    )
  })

  it("never repeats the API key in its error", () => {
    const apiKey = "secret-key-should-not-leak"
    expect(() => parseProviderOptions({ apiKey, merchantCode: "M" })).toThrow(/baseUrl/)
    expect(() => parseProviderOptions({ apiKey, merchantCode: "M" })).not.toThrow(new RegExp(apiKey))
  })
})
