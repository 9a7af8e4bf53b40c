import type { AddressInfo } from "node:net"
import { fork, type ChildProcess } from "node:child_process"
import { createServer } from "node:http"
import path from "node:path"
import { createSandboxApp, demoSeed, DEMO_MERCHANTS, SandboxService } from "../src/sandbox"

/*
 * The sandbox in a process of its own, as the carrier's service is in
 * production: its request handling never shares the bench's event loop
 * (the store's) nor competes with it for the same thread. The bench forks
 * this file and asks it, over the IPC channel, to load many open orders
 * directly (making them over HTTP would only time the set-up); every call
 * the bench times goes to it over loopback HTTP.
 */

type Request = { id: number; type: "seedStatusOrders"; count: number }
type Reply = { id: number; value?: unknown; error?: string }

/** In the child: serve the sandbox and answer the parent's seeding requests. */
function serve(): void {
  const service = new SandboxService(0, demoSeed())
  const merchant = service.authenticate(DEMO_MERCHANTS.delivery.merchantCode, DEMO_MERCHANTS.delivery.apiKey)
  const app = createSandboxApp({ importDelayMs: 0, service })
  const server = createServer(app).listen(0, "127.0.0.1", () => {
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  })
  // Open orders on the sandbox, half of which the network has moved on since the label.
  const seedStatusOrders = (count: number): string[] => {
    service.reset()
    const references: string[] = []
    for (let i = 0; i < count; i++) {
      const orderNumber = `BENCH-${i}`
      const { orderReferenceCode } = service.create(merchant, {
        customer: "Bench Customer", customerEmail: "bench@example.com", customerPhone: "+39 1",
        orderNumber, orderNumberRif: orderNumber, reference: `ref-${i}`, orderDate: "20261122", description: "Bench",
        codePickupPoint: "PP-MI-001", proximityPrice: 3.9, orderCountInCurrentYear: 0, rows: [{ description: "Item" }],
      })
      if (i % 2) service.recordNetworkStatus(orderReferenceCode, "ST_0003", undefined, "network")
      references.push(orderReferenceCode)
    }
    return references
  }
  process.on("message", (request: Request) => {
    let reply: Reply
    try {
      reply = { id: request.id, value: seedStatusOrders(request.count) }
    } catch (error) {
      reply = { id: request.id, error: (error as Error).message }
    }
    process.send!(reply)
  })
  // The bench gone, the sandbox goes too.
  process.on("disconnect", () => process.exit(0))
}

export type SandboxProcess = {
  url: string
  pid: number
  /** Resets the sandbox and loads `count` open orders (every other one moved to ST_0003); their references. */
  seedStatusOrders(count: number): Promise<string[]>
  stop(): Promise<void>
}

/** In the bench: fork the sandbox and resolve once it listens. */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const child: ChildProcess = fork(__filename, [], {
    // TypeScript through ts-node's transpiler, as scripts/demo.mjs runs the sandbox's CLI; not the bench's VM modules.
    execArgv: ["-r", "ts-node/register/transpile-only"],
    env: { ...process.env, NODE_OPTIONS: "", PICKUP_POINT_SANDBOX_CHILD: "1" },
    cwd: path.resolve(__dirname, ".."),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { url: string }) => resolve(message.url))
    child.once("exit", (code) => reject(new Error(`the sandbox process exited (${code}) before listening`)))
  })
  let nextId = 0
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>()
  child.on("message", (reply: Reply) => {
    const waiter = pending.get(reply.id)
    if (!waiter) return
    pending.delete(reply.id)
    if (reply.error) waiter.reject(new Error(reply.error))
    else waiter.resolve(reply.value)
  })
  const ask = (request: Omit<Request, "id">) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      child.send({ id, ...request })
    })
  return {
    url,
    pid: child.pid!,
    seedStatusOrders: (count) => ask({ type: "seedStatusOrders", count }) as Promise<string[]>,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}

if (process.env.PICKUP_POINT_SANDBOX_CHILD === "1" && process.send) serve()
