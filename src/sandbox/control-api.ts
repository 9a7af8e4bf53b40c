import { isIP } from "node:net"
import express, { Router, type NextFunction, type Request, type Response } from "express"
import { z } from "zod"
import type { CallLog } from "./call-log"
import { faultSchema, type FaultQueue } from "./faults"
import { describeIssues, statusCodeField } from "./merchant-requests"
import { SandboxError } from "./sandbox-error"
import type { SandboxService } from "./sandbox-service"
import { describeStatus } from "./status-codes"
import type { SandboxOrder } from "./types"

const text = z.string().trim().min(1)

const merchantSchema = z.object({
  merchantCode: text,
  apiKey: text,
  type: z.enum(["DELIVERY", "STORAGE"]),
  insuranceEnabled: z.boolean().default(false),
  webhookUrl: z.url().optional(),
})

const placeFields = {
  code: text,
  name: text,
  address: text,
  city: text,
  zipcode: text,
  department: z.string().default(""),
  country: text,
}

const warehouseSchema = z.object({ merchantCode: text, ...placeFields })

const pickupPointSchema = z.object({
  ...placeFields,
  publicCode: text,
  networkCode: text,
  networkName: text,
  requiresVerificationCode: z.boolean().default(false),
})

const settingsSchema = z.object({ importDelayMs: z.number().int().min(0) })

const trackingSchema = z.object({
  statusCode: statusCodeField,
  statusDescription: z.string().trim().min(1).optional(),
})

const platformWebhookSchema = z.object({
  statusCode: statusCodeField.default("ST_0003"),
  // Left out: the status's own description, as the tracking route gives it (one fixed text contradicted most statuses).
  statusDescription: z.string().trim().min(1).optional(),
})

const WEBHOOK_TIMEOUT_MS = 10_000

/** The control API of the sandbox contract, under `/__sandbox`: no authentication, loopback callers only. */
export function controlApiRouter(service: SandboxService, faults: FaultQueue, calls: CallLog): Router {
  const router = Router()
  router.use(loopbackOnly)
  router.use(express.json())

  router.post("/reset", (_req, res) => {
    service.reset()
    faults.clear()
    calls.clear()
    res.json({ success: true, message: "Sandbox reset" })
  })

  router.post("/merchants", handle((req) => {
    service.upsertMerchant(parse(merchantSchema, req.body))
    return { status: 201, message: "Merchant saved" }
  }))

  router.post("/warehouses", handle((req) => {
    service.upsertWarehouse(parse(warehouseSchema, req.body))
    return { status: 201, message: "Warehouse saved" }
  }))

  router.post("/pickup-points", handle((req) => {
    service.upsertPickupPoint(parse(pickupPointSchema, req.body))
    return { status: 201, message: "Pickup point saved" }
  }))

  router.patch("/settings", handle((req) => {
    const settings = parse(settingsSchema, req.body)
    service.setImportDelay(settings.importDelayMs)
    return { message: "Settings saved", settings }
  }))

  router.post("/faults", handle((req) => {
    faults.add(parse(faultSchema, req.body))
    return { status: 201, message: "Fault scheduled", faults: faults.list() }
  }))

  router.delete("/faults", (_req, res) => {
    faults.clear()
    res.json({ success: true, message: "Faults cleared" })
  })

  router.get("/orders", (_req, res) => {
    res.json({ success: true, orders: service.listOrders().map((o) => describeOrder(service, o)) })
  })

  router.get("/orders/:ref", handle((req) => ({
    order: describeOrder(service, service.findOrder(String(req.params.ref))),
  })))

  router.delete("/orders/:ref", handle((req) => {
    const order = service.forgetOrder(String(req.params.ref))
    return { message: `Order ${order.orderReferenceCode} forgotten` }
  }))

  router.post("/orders/:ref/tracking", handle((req) => {
    const { statusCode, statusDescription } = parse(trackingSchema, req.body)
    const order = service.recordNetworkStatus(String(req.params.ref), statusCode, statusDescription, "network")
    return { message: "Tracking updated", order: describeOrder(service, order) }
  }))

  router.post("/orders/:ref/platform-webhook", handle(async (req) => {
    const order = service.findOrder(String(req.params.ref))
    const merchant = service.merchantOf(order)
    if (!merchant.webhookUrl) {
      throw new SandboxError(409, `Merchant ${merchant.merchantCode} has no webhookUrl`)
    }
    const { statusCode, statusDescription: given } = parse(platformWebhookSchema, req.body ?? {})
    const statusDescription = given ?? describeStatus(statusCode)
    service.recordNetworkStatus(order.orderReferenceCode, statusCode, statusDescription, "platform")
    const payload = {
      trackingNumber: order.trackingNumber ?? null,
      statusCode,
      statusDescription,
      // Spelled as in spec section 6.
      orderReferencecode: order.orderReferenceCode,
    }
    let response: globalThis.Response
    try {
      response = await fetch(merchant.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": merchant.apiKey },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
    } catch (error) {
      throw new SandboxError(502, `Webhook receiver unreachable: ${(error as Error).message}`)
    }
    return {
      status: response.status,
      success: response.ok,
      message: `Webhook receiver answered HTTP ${response.status}`,
      payload,
      receiverBody: (await response.text()).slice(0, 2_000),
    }
  }))

  router.get("/emails", (_req, res) => {
    res.json({ success: true, emails: service.listEmails() })
  })

  router.get("/calls", (_req, res) => {
    res.json({ success: true, calls: calls.list() })
  })

  return router
}

type Handled = Record<string, unknown> & { status?: number }

/** Runs a control handler and answers `{ success, ... }`, mapping refusals to their HTTP status. */
function handle(fn: (req: Request) => Handled | Promise<Handled>) {
  return async (req: Request, res: Response) => {
    try {
      const { status = 200, ...body } = await fn(req)
      res.status(status).json({ success: status < 300, ...body })
    } catch (error) {
      const status = error instanceof SandboxError ? error.status : 500
      res.status(status).json({ success: false, message: (error as Error).message })
    }
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) {
    throw new SandboxError(400, `Invalid request: ${describeIssues(parsed.error).join("; ")}`)
  }
  return parsed.data
}

function loopbackOnly(req: Request, res: Response, next: NextFunction): void {
  const address = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "")
  const loopback = address === "::1" || (isIP(address) === 4 && address.startsWith("127."))
  if (!loopback) {
    res.status(403).json({ success: false, message: "The sandbox control API answers loopback callers only" })
    return
  }
  next()
}

function describeOrder(service: SandboxService, order: SandboxOrder) {
  const { label, request, ...rest } = order
  return {
    ...rest,
    imported: service.isImported(order),
    request,
    label: label
      ? { format: label.format, labelType: label.labelType, generatedAt: label.generatedAt, bytes: label.pdf.length }
      : null,
  }
}
