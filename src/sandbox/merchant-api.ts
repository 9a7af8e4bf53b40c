import { Router, type Request, type Response } from "express"
import type { z } from "zod"
import type { CallLog } from "./call-log"
import type { FaultKind, FaultQueue } from "./faults"
import { MERCHANT_OPERATIONS, type MerchantOperation } from "./merchant-operations"
import { describeIssues, merchantRequests } from "./merchant-requests"
import { SandboxError } from "./sandbox-error"
import type { SandboxService } from "./sandbox-service"
import type { SandboxMerchant } from "./types"

type Reply = { status?: number; body: Record<string, unknown> } | { pdf: Buffer }

type Operation<S extends z.ZodType> = {
  schema: S
  handle: (merchant: SandboxMerchant, input: z.output<S>) => Reply | Promise<Reply>
}

function operation<S extends z.ZodType>(schema: S, handle: Operation<S>["handle"]): Operation<S> {
  return { schema, handle }
}

/** The merchant API of spec section 4, mounted under `MERCHANT_API_PATH`; requests are checked by the sandbox's own schemas. */
export function merchantApiRouter(service: SandboxService, faults: FaultQueue, calls: CallLog): Router {
  const ok = (message: string, extra: Record<string, unknown> = {}): Reply => ({
    body: { success: true, message, ...extra },
  })

  const operations: Record<MerchantOperation, Operation<z.ZodType>> = {
    create: operation(merchantRequests.create, (merchant, body) =>
      ok("Order created; it will be imported shortly", { data: service.create(merchant, body) })
    ),
    cancel: operation(merchantRequests.cancel, (merchant, body) => ok(service.cancel(merchant, body))),
    getIdentifier: operation(merchantRequests.getIdentifier, (merchant, query) =>
      ok("OK", { data: service.getIdentifier(merchant, query.orderNumber) })
    ),
    generateLabel: operation(merchantRequests.generateLabel, async (merchant, body) => {
      const { message, data } = await service.generateLabel(merchant, body)
      return ok(message, { data })
    }),
    downloadLabel: operation(merchantRequests.downloadLabel, (merchant, query) => ({
      pdf: service.downloadLabel(merchant, query.orderReferenceCode),
    })),
    status: operation(merchantRequests.status, (merchant, body) =>
      ok("OK", service.status(merchant, body.request))
    ),
    updateTracking: operation(merchantRequests.updateTracking, (merchant, body) => {
      service.updateTracking(merchant, body)
      return ok("Tracking updated")
    }),
    sendVerificationCode: operation(merchantRequests.sendVerificationCode, (merchant, body) =>
      ok(service.sendVerificationCode(merchant, body.orderReferenceCode))
    ),
  }

  const router = Router()
  for (const [name, op] of Object.entries(operations) as [MerchantOperation, Operation<z.ZodType>][]) {
    const method = MERCHANT_OPERATIONS[name] === "GET" ? "get" : "post"
    router[method](`/${name}`, async (req: Request, res: Response) => {
      const merchantCode = req.header("x-merchant-code") ?? null
      const log = (httpStatus: number | null, success: boolean, fault?: FaultKind) =>
        calls.record({ operation: name, merchantCode, httpStatus, success, fault })

      const fault = faults.take(name, ordersNamedBy(req))
      if (fault && fault !== "commit_then_drop") {
        log(injectFault(fault, res), false, fault)
        return
      }

      const reply = await run(op, req)
      if (fault === "commit_then_drop") {
        log(null, false, fault)
        req.socket.destroy()
        return
      }
      if ("pdf" in reply) {
        res.status(200).type("application/pdf").send(reply.pdf)
        log(200, true)
        return
      }
      const status = reply.status ?? 200
      res.status(status).json(reply.body)
      log(status, reply.body.success === true)
    })
  }
  return router

  async function run(op: Operation<z.ZodType>, req: Request): Promise<Reply> {
    try {
      const merchant = service.authenticate(
        req.header("x-merchant-code"),
        req.header("x-api-key")
      )
      const parsed = op.schema.safeParse(req.method === "GET" ? req.query : req.body ?? {})
      if (!parsed.success) {
        throw new SandboxError(400, `Invalid request: ${describeIssues(parsed.error).join("; ")}`)
      }
      return await op.handle(merchant, parsed.data)
    } catch (error) {
      if (error instanceof SandboxError) {
        return { status: error.status, body: { success: false, message: error.message } }
      }
      return {
        status: 500,
        body: { success: false, message: `Sandbox failure: ${(error as Error).message}` },
      }
    }
  }
}

/** The order reference codes a request names: its own, or its status items'. */
function ordersNamedBy(req: Request): string[] {
  const source = (req.method === "GET" ? req.query : req.body) as { orderReferenceCode?: unknown; request?: unknown } | undefined
  const items = Array.isArray(source?.request) ? (source.request as { orderReferenceCode?: unknown }[]) : [source ?? {}]
  return items.flatMap((item) => (typeof item?.orderReferenceCode === "string" ? [item.orderReferenceCode] : []))
}

/** Answers as the fault says; returns the HTTP status sent, or null when nothing is sent. */
function injectFault(fault: Exclude<FaultKind, "commit_then_drop">, res: Response): number | null {
  switch (fault) {
    case "http_500":
      res.status(500).json({ success: false, message: "Internal server error (injected fault)" })
      return 500
    case "http_503":
      res.status(503).json({ success: false, message: "Service unavailable (injected fault)" })
      return 503
    case "malformed":
      res.status(200).type("application/json").send('{"success": true, "message": "OK", "data": {')
      return 200
    case "reject":
      res.status(200).json({ success: false, message: "Request rejected by the service (injected fault)" })
      return 200
    case "not_found":
      res.status(404).json({ success: false, message: "No such order (injected fault)" })
      return 404
    case "timeout":
      // Never answer: the request stays open until the client gives up or the sandbox closes.
      return null
  }
}
