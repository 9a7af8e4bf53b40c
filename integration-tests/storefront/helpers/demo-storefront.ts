import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import os from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"

const ROOT = path.resolve(__dirname, "../../..")
const VITE = path.join(ROOT, "node_modules", ".bin", "vite")
const CONFIG = path.join(ROOT, "demo-storefront", "vite.config.mjs")

export type DemoStorefront = { url: string; close: () => Promise<void> }

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })
}

function run(args: string[], env: NodeJS.ProcessEnv, ready?: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(VITE, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      // Vite colours its output when CI is set, even into a pipe: match the text, not the escapes.
      if (ready?.test(stripVTControlCharacters(output))) resolve(child)
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", onData)
    child.on("exit", (code) => {
      if (!ready && code === 0) resolve(child)
      else reject(new Error(`vite ${args[0]} exited with ${code}:\n${output}`))
    })
  })
}

/** The store CORS that lets the demo storefront in on whichever loopback port it is served from. */
export const DEMO_STOREFRONT_CORS = "#^http://localhost:\\d+$#"

/**
 * Builds the demo storefront for the Medusa app under test (its URL and
 * publishable key are baked in, as `npm run demo` does) and serves the build
 * with `vite preview` on a free port. The port is taken at the last moment,
 * and another one if a process took it meanwhile: chosen before the app
 * booted, it was once taken by another test file's server in between.
 */
export async function serveDemoStorefront(options: { medusaUrl: string; publishableKey: string }): Promise<DemoStorefront> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "pickup-point-storefront-"))
  const env = { STOREFRONT_MEDUSA_URL: options.medusaUrl, STOREFRONT_PUBLISHABLE_KEY: options.publishableKey }
  await run(["build", "--config", CONFIG, "--outDir", outDir, "--logLevel", "warn"], env)
  let port = 0
  let preview: ChildProcess | undefined
  for (let attempt = 1; !preview; attempt++) {
    port = await freePort()
    preview = await run(["preview", "--config", CONFIG, "--outDir", outDir], { ...env, STOREFRONT_PORT: String(port) }, /Local:\s+http/).catch((error: Error) => {
      if (attempt < 3 && /already in use/.test(error.message)) return undefined
      throw error
    })
  }
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      preview!.kill("SIGTERM")
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
