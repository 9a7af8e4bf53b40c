import { z } from "zod"
import { clientOptionsSchema } from "../../lib/shipment-orders/client-options"
import { describeIssues } from "../../lib/shipment-orders/schemas/requests"
import { normalizeStatusCode } from "../../lib/shipment-orders/status-codes"
import { TRACKING_STAGES, type TrackingStage } from "./lib/statuses"

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The plugin's options (`plugins: [{ resolve: "medusa-pickup-point", options }]`). */
/** How many days after its label (or confirmation) the tracking sync follows a shipment, unless `trackingSync.maxAgeDays` says otherwise. */
export const TRACKING_MAX_AGE_DAYS = 60

export const pluginOptionsSchema = clientOptionsSchema.extend({
  /** DELIVERY: generateLabel makes a PDF label. STORAGE: it confirms the shipment, no label. */
  merchantType: z.enum(["DELIVERY", "STORAGE"]).default("DELIVERY"),
  /** Whether the merchant has the service's insurance enabled; without it nothing is ever insured. */
  insuranceEnabled: z.boolean().default(false),
  /** Which orders to insure: never, always, or from a goods value up. */
  insurance: z
    .union([z.enum(["never", "always"]), z.object({ minGoodsValue: z.number().nonnegative() })])
    .default("never"),
  labelType: z.string().trim().min(1).optional(),
  /** Put before the order's display id to make the service's orderNumber, e.g. "SHOP-". */
  orderNumberPrefix: z.string().max(20).default(""),
  /** The store's time zone, for the order date and the calendar year. */
  timeZone: z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Rome").default("UTC"),
  /** The service's warehouse code (`codePickingPoint`) per Medusa stock location id, and a default. */
  warehouses: z
    .object({
      default: z.string().trim().min(1).optional(),
      byStockLocation: z.record(z.string(), z.string().trim().min(1)).default({}),
    })
    .default({ byStockLocation: {} }),
  /** Shipment orders confirmed this calendar year before the plugin was installed. */
  ordersBeforeInstall: z.number().int().nonnegative().default(0),
  /** How the background job spaces out its tries of a shipment that made no progress. */
  shipmentRetry: z
    .object({
      baseDelayMs: z.number().int().min(0).default(30_000),
      maxDelayMs: z.number().int().min(0).default(3_600_000),
      /** Tries of a create the service refuses before the shipment is failed: a refusal may be passing, and made nothing. */
      refusedCreateAttempts: z.number().int().min(1).max(20).default(3),
    })
    .default({ baseDelayMs: 30_000, maxDelayMs: 3_600_000, refusedCreateAttempts: 3 }),
  /** Overrides of the table from service status codes to stages (see README), e.g. `{ "ST_0010": "shipped" }`. */
  statusMapping: z
    .record(z.string(), z.enum(Object.keys(TRACKING_STAGES) as [TrackingStage, ...TrackingStage[]]))
    .transform((mapping) => Object.fromEntries(Object.entries(mapping).map(([code, stage]) => [normalizeStatusCode(code), stage])))
    .default({}),
  /** The tracking sync job. */
  trackingSync: z
    .object({
      /** Shipments per `status` call. */
      batchSize: z.number().int().min(1).max(500).default(100),
      /** Calls per run at most; what is left waits for the next run, stalest first. */
      maxBatchesPerRun: z.number().int().min(1).default(50),
      /** Shipments older than this are no longer followed. */
      maxAgeDays: z.number().int().min(1).default(TRACKING_MAX_AGE_DAYS),
      /** Failed runs in a row that open the circuit, and how long it stays open before a probe. */
      circuitFailureThreshold: z.number().int().min(1).default(3),
      circuitOpenMs: z.number().int().min(0).default(300_000),
    })
    .default({ batchSize: 100, maxBatchesPerRun: 50, maxAgeDays: TRACKING_MAX_AGE_DAYS, circuitFailureThreshold: 3, circuitOpenMs: 300_000 }),
  /** The external shipping platform's webhook (`POST /hooks/pickup-point`). */
  webhook: z
    .object({
      /** The key the platform sends in `X-Api-Key`; the merchant's API key when left out. */
      apiKey: z.string().trim().min(1).optional(),
      /** When set, requests must also carry an HMAC-SHA256 signature of `<timestamp>.<body>`. */
      hmacSecret: z.string().min(16, "must be at least 16 characters").optional(),
      signatureHeader: z.string().min(1).default("x-signature"),
      timestampHeader: z.string().min(1).default("x-signature-timestamp"),
      toleranceSeconds: z.number().int().min(1).default(300),
    })
    .default({ signatureHeader: "x-signature", timestampHeader: "x-signature-timestamp", toleranceSeconds: 300 }),
  /**
   * The pickup verification code: limits on sending it, per shipment, and
   * whether it is sent by itself once the parcel is ready for pickup at a
   * point that asks for it (the picker tells the shopper it will come by
   * e-mail); off, an admin sends it from the order page.
   */
  verificationCode: z
    .object({
      minIntervalSeconds: z.number().int().min(0).default(60),
      maxPerDay: z.number().int().min(1).default(5),
      sendWhenReady: z.boolean().default(true),
    })
    .default({ minIntervalSeconds: 60, maxPerDay: 5, sendWhenReady: true }),
  /**
   * How long records are kept before the daily retention job deletes them:
   * webhook deliveries (what the platform sent), tracking history, the log
   * of calls to the service (the Health page's) and label PDFs (they carry
   * the customer's name; one asked for after is got again from the
   * carrier, while it keeps it). Age in
   * days; deleted in batches of `batchSize`, at most `maxBatchesPerRun` per
   * kind and run.
   */
  retention: z
    .object({
      webhookDeliveriesDays: z.number().int().min(1).default(90),
      trackingHistoryDays: z.number().int().min(1).default(365),
      /** The Health page's log of calls to the service. */
      serviceCallsDays: z.number().int().min(1).default(7),
      /** Label PDFs, and the customer's name, e-mail and phone in the shipment order's stored copy. */
      personalDataDays: z.number().int().min(1).default(180),
      batchSize: z.number().int().min(1).max(10_000).default(1000),
      maxBatchesPerRun: z.number().int().min(1).default(100),
    })
    .default({ webhookDeliveriesDays: 90, trackingHistoryDays: 365, serviceCallsDays: 7, personalDataDays: 180, batchSize: 1000, maxBatchesPerRun: 100 }),
  /**
   * The store's point search (`GET /store/pickup-points`): at most `max`
   * requests per client (its IP as Medusa resolves it) in each window of
   * `windowSeconds`, counted in each server process's memory; then 429 with
   * `Retry-After`. `false` turns the limit off (a proxy or CDN limits instead).
   */
  storeSearchRateLimit: z
    .union([z.literal(false), z.object({ max: z.number().int().min(1), windowSeconds: z.number().int().min(1).max(86_400) })])
    .default({ max: 120, windowSeconds: 60 }),
  /** The carrier's public tracking page for shoppers, with `{tracking_number}` where the number goes; no link when left out. */
  trackingUrlTemplate: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url) && url.includes("{tracking_number}"), "must be an http(s) URL with {tracking_number} in it")
    .optional(),
  /**
   * The Medusa server's public URL (say https://shop.example.com), put before
   * the label links stored on fulfillments: Medusa's order page links only
   * absolute URLs. Left out, the origin of the admin request that made the
   * label is used (set it behind a proxy that changes the host or scheme).
   */
  backendUrl: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), "must be an http(s) URL such as https://shop.example.com")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** Units of the variants' weight and dimensions in this store. */
  weightUnit: z.enum(["g", "kg"]).default("g"),
  dimensionUnit: z.enum(["mm", "cm"]).default("cm"),
})

export type PickupPointPluginOptions = z.input<typeof pluginOptionsSchema>
export type ResolvedPluginOptions = z.output<typeof pluginOptionsSchema>

/** Parses the options, or throws an error that names each wrong option and what it needs. */
export function parsePluginOptions(options: unknown): ResolvedPluginOptions {
  const parsed = pluginOptionsSchema.safeParse(options ?? {})
  if (!parsed.success) {
    throw new Error(`medusa-pickup-point: invalid plugin options: ${describeIssues(parsed.error).join("; ")}`)
  }
  return parsed.data
}
