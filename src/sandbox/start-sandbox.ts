import type { AddressInfo } from "node:net"
import { createSandboxApp } from "./app"
import { demoSeed } from "./seed"

export type SandboxOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Defaults to 127.0.0.1; the control API answers loopback callers only, whatever the host. */
  host?: string
  seed?: "demo" | "none"
  /** How long an order waits before the service has imported it. Default 1000 ms. */
  importDelayMs?: number
  /** The demo merchants' webhook URL (the plugin's `/hooks/pickup-point` route). */
  webhookUrl?: string
  /** The carrier's time zone, in which it writes and reads dates and times; the store's `timeZone` must name it. Default Europe/Rome. */
  timeZone?: string
}

export type RunningSandbox = {
  url: string
  close(): Promise<void>
}

export const DEFAULT_IMPORT_DELAY_MS = 1_000

/** Starts the sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const app = createSandboxApp({
    importDelayMs: options.importDelayMs ?? DEFAULT_IMPORT_DELAY_MS,
    seed: options.seed === "demo" ? demoSeed({ webhookUrl: options.webhookUrl }) : undefined,
    timeZone: options.timeZone,
  })
  const host = options.host ?? "127.0.0.1"
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening))
    listening.once("error", reject)
  })
  const { port } = server.address() as AddressInfo
  const urlHost = host.includes(":") ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Requests held open by a `timeout` fault would otherwise keep the server alive.
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
