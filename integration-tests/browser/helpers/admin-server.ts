import { serve } from "@medusajs/admin-bundler"
import express from "express"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"

export type AdminServer = { url: string; close: () => Promise<void> }

/**
 * Serves the built dashboard (.medusa/admin) at /app exactly as `medusa
 * start` does (the admin bundler's own `serve`), and passes every other
 * request to the Medusa app under test, so the dashboard, the API and the
 * session cookie share one origin as they do in a store.
 */
export async function serveBuiltAdmin(medusaUrl: string): Promise<AdminServer> {
  const upstream = new URL(medusaUrl)
  const app = express()
  app.use("/app", await serve({ outDir: path.resolve(__dirname, "../../../.medusa/admin") }))
  app.use((req, res) => {
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: req.originalUrl, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    forward.on("error", (error) => res.destroy(error))
    req.pipe(forward)
  })
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening))
  })
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
