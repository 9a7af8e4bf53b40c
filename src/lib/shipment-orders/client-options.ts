import { z } from "zod"
import type { ServiceCallListener } from "./call-log"

/** The minimal logger the client writes to; Medusa's logger and `console` both fit. */
export type ShipmentOrdersLogger = {
  debug?: (message: string) => void
  warn?: (message: string) => void
}

const required = () => z.string({ error: "is required" }).trim().min(1, "is required")

export const clientOptionsSchema = z.object({
  /** Base URL of the service, without the `/platform-api-server/...` path. */
  baseUrl: z.url({
    protocol: /^https?$/,
    error: "must be an http(s) URL such as https://api.example.com",
  }),
  merchantCode: required(),
  apiKey: required(),
  /**
   * The spec does not name its auth headers. These are this project's
   * defaults, the sandbox's too; change them to match the live service.
   */
  authHeaders: z
    .object({
      merchantCode: z.string().min(1).default("X-Merchant-Code"),
      apiKey: z.string().min(1).default("X-Api-Key"),
    })
    .default({ merchantCode: "X-Merchant-Code", apiKey: "X-Api-Key" }),
  /** Deadline of one attempt of a call, in ms. */
  timeoutMs: z.number().int().positive().default(10_000),
  /** Deadline of one attempt of generateLabel and downloadLabel, which the spec says can be slow. */
  labelTimeoutMs: z.number().int().positive().default(30_000),
  /** Extra attempts for the operations a retry cannot duplicate. */
  retries: z.number().int().min(0).max(10).default(2),
  /** First backoff step in ms; it doubles per attempt, with up to 20 % jitter. */
  retryBaseDelayMs: z.number().int().min(0).default(250),
  /** Upper bound for any single wait, including one asked for by `Retry-After`. */
  retryMaxDelayMs: z.number().int().min(0).default(5_000),
})

export type ShipmentOrdersClientOptions = z.input<typeof clientOptionsSchema> & {
  logger?: ShipmentOrdersLogger
  /**
   * Told of every attempt of every call, with what `ServiceCall` allows and
   * nothing else (see call-log.ts). Called synchronously: it must not block;
   * whatever it throws is ignored, so it can never break a call.
   */
  onCall?: ServiceCallListener
}

export type ResolvedClientOptions = z.output<typeof clientOptionsSchema>
