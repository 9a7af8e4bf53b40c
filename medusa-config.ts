import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/*
 * Medusa's production topology, when REDIS_URL is set (the soak, test-support/topology):
 * a server and workers (MEDUSA_WORKER_MODE) sharing Redis for the event bus,
 * the workflow engine, locking and cache. Unset, the tests and the demo run
 * in one process with Medusa's in-memory defaults.
 */
const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      {
        resolve: "@medusajs/medusa/locking",
        options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
      },
    ]
  : []

/*
 * The app the tests and `npm run demo` run: this repository's own source
 * loaded as a Medusa project, with the plugin's provider registered next to
 * the manual one. A store installs the built package instead (see README).
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl, workerMode: process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server" | undefined } : {}),
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000,http://localhost:5173",
      authCors: process.env.AUTH_CORS || "http://localhost:8000,http://localhost:9000,http://localhost:5173",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
  },
  modules: [
    ...redisModules,
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/pickup-point", id: "pickup-point" },
        ],
      },
    },
    {
      // In a store this comes from `plugins: [{ resolve: "medusa-pickup-point", options }]`.
      resolve: "./src/modules/pickup-point",
      options: {
        baseUrl: process.env.PICKUP_POINT_BASE_URL || "http://127.0.0.1:4010",
        merchantCode: process.env.PICKUP_POINT_MERCHANT_CODE || "DEMO-DELIVERY",
        apiKey: process.env.PICKUP_POINT_API_KEY || "sandbox-delivery-key",
        merchantType: process.env.PICKUP_POINT_MERCHANT_TYPE || "DELIVERY",
        insuranceEnabled: process.env.PICKUP_POINT_INSURANCE_ENABLED !== "false",
        orderNumberPrefix: process.env.PICKUP_POINT_ORDER_PREFIX ?? "DEMO-",
        timeZone: process.env.PICKUP_POINT_TIME_ZONE || "Europe/Rome",
        warehouses: { default: process.env.PICKUP_POINT_DEFAULT_WAREHOUSE || "WH-MILANO", byStockLocation: {} },
        timeoutMs: Number(process.env.PICKUP_POINT_TIMEOUT_MS || 10_000),
        labelTimeoutMs: Number(process.env.PICKUP_POINT_LABEL_TIMEOUT_MS || 30_000),
        shipmentRetry: {
          baseDelayMs: Number(process.env.PICKUP_POINT_RETRY_BASE_MS || 30_000),
          maxDelayMs: 3_600_000,
        },
        trackingSync: {
          batchSize: Number(process.env.PICKUP_POINT_SYNC_BATCH_SIZE || 100),
          maxBatchesPerRun: Number(process.env.PICKUP_POINT_SYNC_MAX_BATCHES || 50),
          maxAgeDays: 60,
          circuitFailureThreshold: 3,
          circuitOpenMs: Number(process.env.PICKUP_POINT_SYNC_CIRCUIT_OPEN_MS || 300_000),
        },
        webhook: process.env.PICKUP_POINT_WEBHOOK_SECRET ? { hmacSecret: process.env.PICKUP_POINT_WEBHOOK_SECRET } : {},
        verificationCode: {
          minIntervalSeconds: Number(process.env.PICKUP_POINT_CODE_MIN_INTERVAL_S || 60),
          maxPerDay: 5,
        },
        // The store search's limit per client; the tests and benchmarks search far faster than a shopper.
        storeSearchRateLimit: {
          max: Number(process.env.PICKUP_POINT_SEARCH_RATE_LIMIT || (process.env.NODE_ENV === "test" ? 100_000 : 120)),
          windowSeconds: Number(process.env.PICKUP_POINT_SEARCH_RATE_WINDOW_S || 60),
        },
        trackingUrlTemplate: process.env.PICKUP_POINT_TRACKING_URL_TEMPLATE || undefined,
      },
    },
  ],
})
