#!/usr/bin/env node
import { parseArgs } from "node:util"
import { carrierClock, DEFAULT_CARRIER_TIME_ZONE } from "./carrier-clock"
import { DEMO_MERCHANTS } from "./seed"
import { DEFAULT_IMPORT_DELAY_MS, startSandbox } from "./start-sandbox"

const USAGE = `Usage: pickup-point-sandbox [--port 4010] [--host 127.0.0.1] [--seed demo|none]
                            [--import-delay-ms ${DEFAULT_IMPORT_DELAY_MS}] [--webhook-url URL]
                            [--time-zone ${DEFAULT_CARRIER_TIME_ZONE}]`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      seed: { type: "string", default: "none" },
      "import-delay-ms": { type: "string", default: String(DEFAULT_IMPORT_DELAY_MS) },
      "webhook-url": { type: "string" },
      "time-zone": { type: "string", default: DEFAULT_CARRIER_TIME_ZONE },
      help: { type: "boolean", short: "h", default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = Number(values.port)
  const importDelayMs = Number(values["import-delay-ms"])
  if (!Number.isInteger(port) || port < 0 || !Number.isInteger(importDelayMs) || importDelayMs < 0) {
    throw new Error(`--port and --import-delay-ms take whole numbers\n${USAGE}`)
  }
  if (values.seed !== "demo" && values.seed !== "none") {
    throw new Error(`--seed takes demo or none\n${USAGE}`)
  }
  try {
    carrierClock(values["time-zone"])
  } catch {
    throw new Error(`--time-zone takes an IANA time zone such as ${DEFAULT_CARRIER_TIME_ZONE}\n${USAGE}`)
  }

  const sandbox = await startSandbox({
    port,
    host: values.host,
    seed: values.seed,
    importDelayMs,
    webhookUrl: values["webhook-url"],
    timeZone: values["time-zone"],
  })
  console.log(`Shipment Orders sandbox listening on ${sandbox.url}`)
  console.log(`  merchant API: ${sandbox.url}/platform-api-server/api/merchant/shipment/`)
  console.log(`  control API:  ${sandbox.url}/__sandbox/`)
  if (values.seed === "demo") {
    console.log("  demo merchants (headers X-Merchant-Code / X-Api-Key):")
    console.log(`    DELIVERY, insured: ${DEMO_MERCHANTS.delivery.merchantCode} / ${DEMO_MERCHANTS.delivery.apiKey}`)
    console.log(`    STORAGE:           ${DEMO_MERCHANTS.storage.merchantCode} / ${DEMO_MERCHANTS.storage.apiKey}`)
  }

  const stop = () => {
    sandbox.close().finally(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
