#!/usr/bin/env node
/**
 * `npm run demo`: a Medusa store with this plugin, against the sandbox.
 *
 * - PostgreSQL: DATABASE_URL if set, else an embedded server whose data lives in .demo/pg.
 * - The sandbox on 127.0.0.1:4010 with its demo seed (two merchants, pickup points).
 * - Medusa (`medusa develop`, admin included) on port 9000 with the plugin's provider.
 * - The demo storefront (demo-storefront/, built with Vite) on port 8000.
 * Ctrl-C stops everything.
 */
import { spawn, spawnSync } from "node:child_process"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { stripVTControlCharacters } from "node:util"
import pg from "pg"
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const bin = (name) => path.join(root, "node_modules", ".bin", name)

const MEDUSA_PORT = Number(process.env.PORT || 9000)
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 4010)
const STOREFRONT_PORT = Number(process.env.STOREFRONT_PORT || 8000)
const PG_PORT = Number(process.env.DEMO_PG_PORT || 54329)
const ADMIN = { email: "admin@medusa-test.com", password: "supersecret" }
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`

const children = []
let postgres

function log(message) {
  console.log(`\x1b[36m[demo]\x1b[0m ${message}`)
}

function signalGroups(signal) {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // the whole group is gone already
    }
  }
}

let stopping = false
async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  signalGroups("SIGTERM")
  // medusa develop's server child can outlive SIGTERM; give the groups a moment, then end them.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  signalGroups("SIGKILL")
  await postgres?.stop().catch(() => {})
  process.exit(code)
}
process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))

async function database() {
  if (process.env.DATABASE_URL) {
    log("using DATABASE_URL")
    return process.env.DATABASE_URL
  }
  log(`starting embedded PostgreSQL on port ${PG_PORT} (data in .demo/pg)`)
  postgres = await startEmbeddedPostgres({ databaseDir: path.join(root, ".demo", "pg"), port: PG_PORT, persistent: true })
  await postgres.createDatabase("medusa_demo").catch(() => {}) // exists after the first run
  return `postgres://postgres:postgres@localhost:${PG_PORT}/medusa_demo`
}

/** Starts a long-running child and resolves when its output shows `ready`. */
function startChild(name, command, args, env, ready) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that stopping it also stops what it forks (medusa develop runs a server child).
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    children.push(child)
    let done = false
    const onData = (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        console.log(`[${name}] ${line}`)
        // Vite colours its output when CI is set, even into a pipe: match the text, not the escapes.
        if (!done && ready.test(stripVTControlCharacters(line))) {
          done = true
          resolve(child)
        }
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.on("exit", (code) => {
      if (!done) reject(new Error(`${name} exited with code ${code} before it was ready`))
      else if (code) shutdown(code ?? 1)
    })
  })
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

async function publishableKey(env) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query("SELECT token FROM api_key WHERE type = 'publishable' AND title = 'Storefront' AND revoked_at IS NULL LIMIT 1")
    return rows[0]?.token ?? "(none)"
  } finally {
    await client.end()
  }
}

async function main() {
  const env = {
    ...process.env,
    MEDUSA_DISABLE_TELEMETRY: "true",
    DATABASE_URL: await database(),
    PICKUP_POINT_BASE_URL: SANDBOX_URL,
    PORT: String(MEDUSA_PORT),
    STORE_CORS: process.env.STORE_CORS || `http://localhost:${STOREFRONT_PORT}`,
  }

  log("starting the Shipment Orders sandbox")
  await startChild(
    "sandbox",
    bin("ts-node"),
    ["--transpile-only", "src/sandbox/cli.ts", "--port", String(SANDBOX_PORT), "--seed", "demo",
      "--webhook-url", `http://localhost:${MEDUSA_PORT}/hooks/pickup-point`,
      // The service writes its times as a wall clock with no zone, as an Italian carrier's would: in
      // the zone the store reads them in (medusa-config's timeZone), whatever this machine's own is.
      "--time-zone", env.PICKUP_POINT_TIME_ZONE || "Europe/Rome"],
    env,
    /listening on/
  )

  log("running migrations")
  const migrate = spawnSync(bin("medusa"), ["db:migrate"], { cwd: root, env, stdio: "inherit" })
  if (migrate.status !== 0) throw new Error("medusa db:migrate failed")

  // Fails harmlessly when the user exists from an earlier run.
  spawnSync(bin("medusa"), ["user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: root, env, stdio: "ignore" })

  log("seeding the demo store (first run only)")
  const seed = spawnSync(bin("medusa"), ["exec", "./scripts/seed-demo-store.ts"], { cwd: root, env, stdio: "inherit" })
  if (seed.status !== 0) throw new Error("seeding the demo store failed")

  log("starting Medusa")
  await startChild("medusa", bin("medusa"), ["develop"], env, /Server is ready/)
  await waitForHealth(`http://localhost:${MEDUSA_PORT}/health`, 60_000)
  const key = await publishableKey(env)

  // The demo storefront (demo-storefront/), built for this store's URL and key, served by `vite preview`.
  log(`building the demo storefront`)
  const storefrontEnv = {
    ...env,
    STOREFRONT_MEDUSA_URL: `http://localhost:${MEDUSA_PORT}`,
    STOREFRONT_PUBLISHABLE_KEY: key,
    STOREFRONT_PORT: String(STOREFRONT_PORT),
  }
  const viteConfig = ["--config", "demo-storefront/vite.config.mjs"]
  const built = spawnSync(bin("vite"), ["build", ...viteConfig, "--logLevel", "warn"], { cwd: root, env: storefrontEnv, stdio: "inherit" })
  if (built.status !== 0) throw new Error("building the demo storefront failed")
  await startChild("storefront", bin("vite"), ["preview", ...viteConfig], storefrontEnv, /Local:/)

  console.log(`
  Medusa with medusa-pickup-point is running.

    Storefront:   http://localhost:${STOREFRONT_PORT}   (pick a product, choose a pickup point, pay manually)
    Admin:        http://localhost:${MEDUSA_PORT}/app   (${ADMIN.email} / ${ADMIN.password})
    Store API:    http://localhost:${MEDUSA_PORT}/store
    Health:       http://localhost:${MEDUSA_PORT}/health
    Sandbox:      ${SANDBOX_URL}   (control API: ${SANDBOX_URL}/__sandbox/orders)
    Provider id:  pickup-point_pickup-point (merchant DEMO-DELIVERY)
    Publishable key (storefront, x-publishable-api-key): ${key}

  Try: curl -H "x-publishable-api-key: ${key}" "http://localhost:${MEDUSA_PORT}/store/pickup-points?city=Milano"

  Ctrl-C stops everything.
`)
}

main().catch(async (error) => {
  console.error(`[demo] ${error?.message ?? "PostgreSQL did not start (is port " + PG_PORT + " in use? set DEMO_PG_PORT)"}`)
  await shutdown(1)
})
