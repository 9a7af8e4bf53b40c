import axios from "axios"
import { startSandbox, type RunningSandbox } from "../../src/sandbox"

/** The plugin options medusa-config.ts reads, as the specs run them (DEMO-DELIVERY merchant). */
const DEFAULTS = {
  PICKUP_POINT_MERCHANT_CODE: "DEMO-DELIVERY",
  PICKUP_POINT_API_KEY: "sandbox-delivery-key",
  PICKUP_POINT_MERCHANT_TYPE: "DELIVERY",
  PICKUP_POINT_INSURANCE_ENABLED: "false",
  PICKUP_POINT_DEFAULT_WAREHOUSE: "WH-MILANO",
  PICKUP_POINT_ORDER_PREFIX: "TEST-",
  PICKUP_POINT_TIME_ZONE: "Europe/Rome",
  PICKUP_POINT_TIMEOUT_MS: "1500",
  // Past "Fulfill items"' 10 s answer window (LABEL_ANSWER_WITHIN_MS), so a hanging label still
  // answers 202, but a test that waits out a label deadline waits 12 s rather than 30.
  PICKUP_POINT_LABEL_TIMEOUT_MS: "12000",
  // Zero backoff, so that a test can run the retry job again at once.
  PICKUP_POINT_RETRY_BASE_MS: "0",
  // The specs run the retry workflow themselves; the job's every-minute run would race them for the
  // same shipment (seen in CI: a spec's run found nothing due, the job holding the shipment's lease).
  // Weekly, at midnight on Sunday: rarer would not do, as Medusa's in-memory scheduler waits with one
  // setTimeout, and a wait past its 24.8-day limit fires at once, over and over.
  PICKUP_POINT_RETRY_SCHEDULE: "0 0 * * 0",
  // The same for the tracking job, every ten minutes by default: seen in CI, its run at 11:10 recorded
  // a shipment's label status between a spec's labelling and its own sync, a second tracking line.
  PICKUP_POINT_SYNC_SCHEDULE: "0 0 * * 0",
  // And for the owed codes' job, which would send the code a spec has just made owed before its own run.
  PICKUP_POINT_OWED_CODES_SCHEDULE: "0 0 * * 0",
  PICKUP_POINT_SYNC_BATCH_SIZE: "100",
  PICKUP_POINT_SYNC_MAX_BATCHES: "50",
  PICKUP_POINT_SYNC_CIRCUIT_OPEN_MS: "300000",
  PICKUP_POINT_WEBHOOK_SECRET: "",
  PICKUP_POINT_CODE_MIN_INTERVAL_S: "60",
}

/**
 * Starts a demo-seeded sandbox before the Medusa runner boots the app (the
 * hooks run first because they are registered first) and points every plugin
 * option at it, so no spec inherits another's settings.
 */
export function useSandboxForApp(overrides: Partial<Record<keyof typeof DEFAULTS, string>> = {}) {
  const handle = {} as RunningSandbox & { control: ReturnType<typeof axios.create> }
  beforeAll(async () => {
    // The carrier's clock in the zone the store reads it in.
    const timeZone = overrides.PICKUP_POINT_TIME_ZONE ?? DEFAULTS.PICKUP_POINT_TIME_ZONE
    const sandbox = await startSandbox({ port: 0, seed: "demo", importDelayMs: 0, timeZone })
    Object.assign(handle, sandbox, {
      control: axios.create({ baseURL: `${sandbox.url}/__sandbox`, validateStatus: () => true }),
    })
    Object.assign(process.env, DEFAULTS, overrides, { PICKUP_POINT_BASE_URL: sandbox.url })
  })
  afterAll(async () => {
    await handle.close?.()
  })
  return handle
}

/** Sets the demo DELIVERY merchant's API key on the sandbox, as a carrier rotating it would: the plugin keeps its own. */
export async function setDeliveryMerchantKey(control: ReturnType<typeof axios.create>, apiKey: string) {
  const saved = await control.post("/merchants", { merchantCode: DEFAULTS.PICKUP_POINT_MERCHANT_CODE, type: "DELIVERY", insuranceEnabled: true, apiKey })
  if (saved.status !== 201) throw new Error(`The sandbox refused the merchant: ${JSON.stringify(saved.data)}`)
}

/** The plugin's own API key, as the specs run it. */
export const PLUGIN_API_KEY = DEFAULTS.PICKUP_POINT_API_KEY
