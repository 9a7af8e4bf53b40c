import express, { type NextFunction, type Request, type Response } from "express"
import { CallLog } from "./call-log"
import { controlApiRouter } from "./control-api"
import { FaultQueue } from "./faults"
import { merchantApiRouter } from "./merchant-api"
import { MERCHANT_API_PATH } from "./merchant-operations"
import { SandboxService } from "./sandbox-service"
import type { SandboxSeed } from "./types"

/**
 * The sandbox as an express app: the merchant API, the control API, and
 * JSON errors for the rest. A prepared `service` may be passed in, say one
 * loaded with many orders directly for a benchmark.
 */
export function createSandboxApp(options: { importDelayMs: number; seed?: SandboxSeed; timeZone?: string; service?: SandboxService }) {
  const service = options.service ?? new SandboxService(options.importDelayMs, options.seed, options.timeZone)
  const faults = new FaultQueue()
  const calls = new CallLog()

  const app = express()
  app.disable("x-powered-by")
  app.use("/__sandbox", controlApiRouter(service, faults, calls))
  app.use(MERCHANT_API_PATH, express.json({ limit: "5mb" }), merchantApiRouter(service, faults, calls))
  app.get("/health", (_req, res) => {
    res.json({ success: true, message: "OK" })
  })
  app.use((_req, res) => {
    res.status(404).json({ success: false, message: "Unknown path" })
  })
  // Only body-parser errors reach here: every route answers its own errors.
  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status < 500 ? error.status : 500
    res.status(status).json({
      success: false,
      message: status === 400 ? "Invalid request: the body is not valid JSON" : error.message,
    })
  })
  return app
}
