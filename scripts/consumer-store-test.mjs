#!/usr/bin/env node
/*
 * The plugin as a store owner gets it: packs this repository (built first by
 * `npm run build`), makes a fresh Medusa 2.21.2 store in a temporary folder
 * from npm packages only (the default starter's dependencies, medusa-config.ts
 * and tsconfig.json), installs the tarball, applies the README's configuration
 * (read from the README itself, so the two cannot drift), migrates, builds and
 * starts the store, runs the README's setup call and point import, and places
 * one pickup-point order through the store API that must reach a sandbox
 * started from the installed package's bin. It also type-checks a TypeScript
 * file that uses `medusa-pickup-point/client` and `/sandbox` under `strict`, and
 * installs the tarball into a storefront with dtc-starter's React 19 and 2.18
 * Medusa packages, rendering the picker and the summary there on the server.
 *
 * node scripts/consumer-store-test.mjs      (CONSUMER_STORE_KEEP=1 keeps the store folder;
 *                                             CONSUMER_STORE_TARBALL=x.tgz installs that tarball instead)
 */
import { spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, startEmbeddedPostgres } from "./lib/embedded-postgres.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const MEDUSA_VERSION = "2.21.2"
const ADMIN = { email: "admin@example.com", password: "supersecret" }
const started = Date.now()

const work = mkdtempSync(path.join(os.tmpdir(), "consumer-store-"))
// PostgreSQL runs as the postgres user when we are root: it must reach its data folder.
chmodSync(work, 0o755)
const store = path.join(work, "store")
const logs = path.join(work, "logs")
mkdirSync(store)
mkdirSync(logs)
const children = []
let pg

function log(message) {
  console.log(`[consumer-store ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`)
}

/** Runs a command to completion, its output in logs/<name>.log (shown when it fails); answers its stdout. */
function run(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const file = path.join(logs, `${name}.log`)
    const out = createWriteStream(file)
    const child = spawn(command, args, { cwd: options.cwd ?? store, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stdout.pipe(out)
    child.stderr.pipe(out)
    child.on("error", reject)
    child.on("close", (code) => {
      out.end(() => {
        if (code === 0) return resolve(stdout)
        reject(new Error(`${name} failed (exit ${code}):\n${tail(file)}`))
      })
    })
  })
}

/** Starts a long-running process in its own process group, its output in logs/<name>.log. */
function background(name, command, args, options = {}) {
  const file = path.join(logs, `${name}.log`)
  const out = createWriteStream(file)
  const child = spawn(command, args, { cwd: options.cwd ?? store, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  child.stdout.pipe(out)
  child.stderr.pipe(out)
  children.push(child)
  return { child, file }
}

function tail(file, lines = 60) {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : ""
}

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => null)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The code block that follows `<!-- consumer-store-test: <name> -->` in the README's install section. */
function readmeBlock(section, name) {
  const marker = `<!-- consumer-store-test: ${name} -->`
  const at = section.indexOf(marker)
  if (at < 0) throw new Error(`README: the install section has no ${marker}`)
  const match = /^```[a-z]*\n([\s\S]*?)^```/m.exec(section.slice(at + marker.length))
  if (!match) throw new Error(`README: no code block after ${marker}`)
  return match[1]
}

function installSection() {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8")
  const start = readme.indexOf("## Installing into a Medusa app")
  if (start < 0) throw new Error('README: no "## Installing into a Medusa app" section')
  const next = readme.indexOf("\n## ", start + 1)
  const section = readme.slice(start, next < 0 ? undefined : next)
  // The tables only exist once the plugin is configured: migrating first creates none of them.
  const configuredAt = section.indexOf("<!-- consumer-store-test: medusa-config.ts -->")
  const migratedAt = section.indexOf("medusa db:migrate")
  if (configuredAt < 0 || migratedAt < 0 || migratedAt < configuredAt) {
    throw new Error("README: the install steps must configure the plugin before `medusa db:migrate`")
  }
  return section
}

function parseEnv(text) {
  const env = {}
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim())
    if (match) env[match[1]] = match[2]
  }
  return env
}

/** A JSON call to the store's HTTP API that must succeed. */
async function call(baseUrl, method, route, body, headers = {}) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`)
  return text ? JSON.parse(text) : {}
}

/** The default starter's package.json (medusa-starter-default), at Medusa 2.21.2. */
function starterPackageJson() {
  return {
    name: "my-medusa-store",
    version: "0.0.1",
    description: "A starter for Medusa projects.",
    private: true,
    scripts: { build: "medusa build", seed: "medusa exec ./src/scripts/seed.ts", start: "medusa start", dev: "medusa develop" },
    dependencies: {
      "@medusajs/admin-sdk": MEDUSA_VERSION,
      "@medusajs/cli": MEDUSA_VERSION,
      "@medusajs/framework": MEDUSA_VERSION,
      "@medusajs/medusa": MEDUSA_VERSION,
    },
    devDependencies: {
      "@medusajs/test-utils": MEDUSA_VERSION,
      "@swc/core": "^1.7.28",
      "@swc/jest": "^0.2.36",
      "@types/jest": "^29.5.13",
      "@types/node": "^20.0.0",
      "@types/react": "^18.3.2",
      "@types/react-dom": "^18.2.25",
      jest: "^29.7.0",
      "prop-types": "^15.8.1",
      react: "^18.3.1",
      "react-dom": "^18.3.1",
      "ts-node": "^10.9.2",
      typescript: "^5.6.2",
      vite: "^7.3.6",
      yalc: "^1.0.0-pre.53",
    },
    engines: { node: ">=20" },
  }
}

/** The default starter's tsconfig.json, plus `strict` (what the typed client is checked against). */
function starterTsconfig() {
  return {
    compilerOptions: {
      target: "ES2021",
      esModuleInterop: true,
      module: "Node16",
      moduleResolution: "Node16",
      emitDecoratorMetadata: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      skipDefaultLibCheck: true,
      declaration: false,
      sourceMap: false,
      inlineSourceMap: true,
      outDir: "./.medusa/server",
      rootDir: "./",
      jsx: "react-jsx",
      forceConsistentCasingInFileNames: true,
      resolveJsonModule: true,
      checkJs: false,
      strictNullChecks: true,
    },
    "ts-node": { swc: true },
    include: ["**/*", ".medusa/types/*"],
    exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache", "typed-usage.ts"],
  }
}

/**
 * The storefront side: medusajs/dtc-starter's own versions (apps/storefront/package.json at
 * 9233262, the commit docs/storefront-dtc-starter.md follows) of what the plugin's storefront
 * entries meet there. A range the starter does not satisfy fails this install (npm's ERESOLVE).
 */
const DTC_STARTER_STOREFRONT = {
  "@medusajs/icons": "2.18.0",
  "@medusajs/js-sdk": "2.18.0",
  react: "19.0.5",
  "react-dom": "19.0.5",
}

/** Server rendering of the picker and the summary with the storefront's React, as Next.js does first. */
const STOREFRONT_RENDER = `const React = require("react")
const { renderToString } = require("react-dom/server")
const { PickupPointPicker, PickupPointSummary } = require("medusa-pickup-point/react")
const { createPickupPointStoreApi, fetchStoreRequest, readChosenPickupPoint } = require("medusa-pickup-point/storefront")
const point = { code: "PP-MI-001", name: "Edicola Duomo", address: "Piazza del Duomo 1", postcode: "20122", city: "Milano", country_code: "it", opening_hours: { mon: ["09:00-19:00"] }, requires_verification_code: true, distance_km: 0.996 }
const api = createPickupPointStoreApi(fetchStoreRequest({ baseUrl: "http://localhost:9000", publishableKey: "pk_storefront" }))
const order = { shipping_methods: [{ id: "sm_1", shipping_option_id: "so_1", name: "Pickup point", data: { pickup_point_code: point.code, pickup_point: point } }] }
const html = renderToString(
  React.createElement("main", null,
    React.createElement(PickupPointPicker, { api, onSelect: () => undefined, initialPoints: [point], selectedCode: point.code, timeZone: "Europe/Rome" }),
    React.createElement(PickupPointSummary, { point: readChosenPickupPoint(order) })
  )
)
const expected = ["Edicola Duomo", "Piazza del Duomo 1", "1 km away", "<dt>Monday</dt>", "Code needed at pickup", 'role="listbox"', 'data-pickup-point-summary="PP-MI-001"', "Collect your order at"]
// renderToString parts adjacent texts with empty comments, which the browser drops.
const text = html.replace(/<!-- -->/g, "")
const missing = expected.filter((part) => !text.includes(part))
if (missing.length) throw new Error("not rendered: " + missing.join(", ") + "\\n" + html)
console.log(JSON.stringify({ react: React.version, bytes: html.length }))
`

/** What a TypeScript store writes against the package's typed entries; `any` would fail the @ts-expect-error lines. */
const TYPED_USAGE = `import { ShipmentOrdersClient, ShipmentOrdersUnavailableError, type ShipmentOrdersClientOptions } from "medusa-pickup-point/client"
import { DEMO_MERCHANTS, startSandbox, type RunningSandbox } from "medusa-pickup-point/sandbox"

export async function orderReferenceOf(orderNumber: string): Promise<string | null> {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, seed: "demo", importDelayMs: 0 })
  const options: ShipmentOrdersClientOptions = {
    baseUrl: sandbox.url,
    merchantCode: DEMO_MERCHANTS.delivery.merchantCode,
    apiKey: DEMO_MERCHANTS.delivery.apiKey,
  }
  try {
    const found = await new ShipmentOrdersClient(options).getIdentifier(orderNumber)
    return found ? found.orderReferenceCode : null
  } catch (error) {
    if (error instanceof ShipmentOrdersUnavailableError) return null
    throw error
  } finally {
    await sandbox.close()
  }
}

// @ts-expect-error the seed is "demo" or "none"
void startSandbox({ seed: "everything" })
// @ts-expect-error getIdentifier takes an order number
void new ShipmentOrdersClient({ baseUrl: "http://127.0.0.1:4010", merchantCode: "M", apiKey: "K" }).getIdentifier(42)
`

async function main() {
  const section = installSection()
  const config = readmeBlock(section, "medusa-config.ts")
  const readmeEnv = parseEnv(readmeBlock(section, ".env"))
  const csv = readmeBlock(section, "pickup-points.csv")
  if (!process.env.CONSUMER_STORE_TARBALL && !existsSync(path.join(ROOT, ".medusa/server/src/providers/pickup-point/index.js"))) {
    throw new Error("the plugin is not built: run `npm run build` first")
  }

  // CONSUMER_STORE_TARBALL tries another tarball instead (say, one with a defect, to see this test fail).
  let tarball = process.env.CONSUMER_STORE_TARBALL
  if (!tarball) {
    log(`packing the plugin into ${work}`)
    const packed = JSON.parse(await run("pack", "npm", ["pack", "--json", "--pack-destination", work, ROOT]))
    tarball = path.join(work, packed[0].filename)
  }

  writeFileSync(path.join(store, "package.json"), JSON.stringify(starterPackageJson(), null, 2) + "\n")
  writeFileSync(path.join(store, "tsconfig.json"), JSON.stringify(starterTsconfig(), null, 2) + "\n")
  writeFileSync(path.join(store, "medusa-config.ts"), config)
  log("installing a fresh Medusa 2.21.2 store and the tarball (npm install)")
  await run("install", "npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball])

  log(`a dtc-starter storefront: the tarball next to its ${Object.entries(DTC_STARTER_STOREFRONT).map(([name, version]) => `${name} ${version}`).join(", ")} (npm install), then the picker and summary rendered on the server`)
  const storefront = path.join(work, "storefront")
  mkdirSync(storefront)
  writeFileSync(path.join(storefront, "package.json"), JSON.stringify({ name: "storefront", private: true, dependencies: DTC_STARTER_STOREFRONT }, null, 2) + "\n")
  await run("storefront-install", "npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: storefront })
  // The server's peers are optional: a storefront gets none of Medusa's server.
  for (const serverOnly of ["@medusajs/medusa", "@medusajs/framework"]) {
    if (existsSync(path.join(storefront, "node_modules", serverOnly))) throw new Error(`${serverOnly} was installed into the storefront`)
  }
  writeFileSync(path.join(storefront, "render.cjs"), STOREFRONT_RENDER)
  const rendered = JSON.parse(await run("storefront-render", "node", ["render.cjs"], { cwd: storefront }))
  if (!rendered.react.startsWith("19.")) throw new Error(`the storefront rendered with React ${rendered.react}, not the starter's 19`)

  log("type-checking a strict TypeScript file against medusa-pickup-point/client and /sandbox")
  writeFileSync(path.join(store, "typed-usage.ts"), TYPED_USAGE)
  writeFileSync(
    path.join(store, "tsconfig.typed-usage.json"),
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { strict: true, noEmit: true }, include: [], files: ["typed-usage.ts"] }, null, 2)
  )
  await run("typecheck", "npx", ["tsc", "-p", "tsconfig.typed-usage.json"])

  const pgPort = await freePort()
  pg = await startEmbeddedPostgres({ databaseDir: path.join(work, "pg"), port: pgPort, persistent: false })
  await pg.createDatabase("medusa_store")
  const sandboxPort = await freePort()
  const medusaPort = await freePort()
  const baseUrl = `http://localhost:${medusaPort}`
  const env = {
    ...process.env,
    MEDUSA_DISABLE_TELEMETRY: "true",
    // The starter's .env, then the README's, then what this machine needs (free ports).
    STORE_CORS: "http://localhost:8000",
    ADMIN_CORS: `http://localhost:5173,${baseUrl}`,
    AUTH_CORS: `http://localhost:5173,http://localhost:8000,${baseUrl}`,
    JWT_SECRET: "supersecret",
    COOKIE_SECRET: "supersecret",
    ...readmeEnv,
    DATABASE_URL: `postgres://postgres:postgres@localhost:${pgPort}/medusa_store`,
    PICKUP_POINT_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    PORT: String(medusaPort),
  }
  writeFileSync(path.join(store, ".env"), Object.entries(env).filter(([k]) => /^(STORE|ADMIN|AUTH)_CORS$|SECRET$|^DATABASE_URL$|^PICKUP_POINT_/.test(k)).map(([k, v]) => `${k}=${v}`).join("\n") + "\n")

  log("starting the sandbox from the installed package's bin")
  const sandbox = background("sandbox", path.join(store, "node_modules/.bin/pickup-point-sandbox"), ["--port", String(sandboxPort), "--seed", "demo", "--import-delay-ms", "0"], { env })
  await until("the sandbox", async () => (await fetch(`${env.PICKUP_POINT_BASE_URL}/health`)).ok, 30_000)

  log("medusa db:migrate")
  await run("migrate", "npx", ["medusa", "db:migrate"], { env })
  log("medusa build")
  await run("build", "npx", ["medusa", "build"], { env })
  await run("user", "npx", ["medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password], { env })
  log("medusa start")
  const server = background("start", path.join(store, "node_modules/.bin/medusa"), ["start"], {
    cwd: path.join(store, ".medusa/server"),
    env: { ...env, NODE_ENV: "production" },
  })
  await until("the store to answer /health", async () => (await fetch(`${baseUrl}/health`)).ok, 120_000).catch((error) => {
    throw new Error(`${error.message}\n${tail(server.file)}`)
  })

  log("admin API: login, region, sales channel, key, location, setup, points, product")
  const { token } = await call(baseUrl, "POST", "/auth/user/emailpass", ADMIN)
  const admin = { authorization: `Bearer ${token}` }
  const { region } = await call(baseUrl, "POST", "/admin/regions", { name: "Italy", currency_code: "eur", countries: ["it"], payment_providers: ["pp_system_default"] }, admin)
  const { sales_channel: channel } = await call(baseUrl, "POST", "/admin/sales-channels", { name: "Web shop" }, admin)
  const { api_key: key } = await call(baseUrl, "POST", "/admin/api-keys", { title: "Storefront", type: "publishable" }, admin)
  await call(baseUrl, "POST", `/admin/api-keys/${key.id}/sales-channels`, { add: [channel.id] }, admin)
  const { stock_location: location } = await call(baseUrl, "POST", "/admin/stock-locations", { name: "Milano", address: { address_1: "Via Mecenate 76", city: "Milano", country_code: "it" } }, admin)
  await call(baseUrl, "POST", `/admin/stock-locations/${location.id}/sales-channels`, { add: [channel.id] }, admin)

  const setupBody = { stock_location_id: location.id, prices: [{ currency_code: "eur", amount: 4.9 }] }
  const { setup } = await call(baseUrl, "POST", "/admin/pickup-point/setup", setupBody, admin)
  if (!setup.created.includes("shipping_option")) throw new Error(`the setup created no shipping option: ${JSON.stringify(setup)}`)
  const { setup: again } = await call(baseUrl, "POST", "/admin/pickup-point/setup", setupBody, admin)
  if (again.created.length || again.shipping_option_id !== setup.shipping_option_id) throw new Error(`the second setup changed things: ${JSON.stringify(again)}`)
  const imported = await call(baseUrl, "POST", "/admin/pickup-points/import", { csv }, admin)
  if (imported.created !== 5 || imported.rejected !== 0) throw new Error(`the README's points did not import: ${JSON.stringify(imported)}`)

  const { product } = await call(baseUrl, "POST", "/admin/products", {
    title: "Sneakers",
    status: "published",
    shipping_profile_id: setup.shipping_profile_id,
    sales_channels: [{ id: channel.id }],
    options: [{ title: "Size", values: ["42"] }],
    variants: [{ title: "42", sku: "SNK-42", options: { Size: "42" }, manage_inventory: true, weight: 900, prices: [{ currency_code: "eur", amount: 59.9 }] }],
  }, admin)
  const variant = product.variants[0]
  const { inventory_items: items } = await call(baseUrl, "GET", `/admin/inventory-items?sku=SNK-42`, undefined, admin)
  await call(baseUrl, "POST", `/admin/inventory-items/${items[0].id}/location-levels`, { location_id: location.id, stocked_quantity: 10 }, admin)

  log("store API: cart, the Pickup point option with a chosen point, payment, complete")
  const shopper = { "x-publishable-api-key": key.token }
  const { cart } = await call(baseUrl, "POST", "/store/carts", {
    region_id: region.id,
    sales_channel_id: channel.id,
    email: "maria.bianchi@example.com",
    items: [{ variant_id: variant.id, quantity: 1 }],
    shipping_address: { first_name: "Maria", last_name: "Bianchi", address_1: "Via Torino 10", city: "Milano", postal_code: "20123", country_code: "it", phone: "+39 333 1234567" },
  }, shopper)
  const { shipping_options: offered } = await call(baseUrl, "GET", `/store/shipping-options?cart_id=${cart.id}`, undefined, shopper)
  if (!offered.some((o) => o.id === setup.shipping_option_id)) throw new Error(`the Pickup point option is not offered: ${JSON.stringify(offered)}`)
  const points = await call(baseUrl, "GET", "/store/pickup-points?city=milano", undefined, shopper)
  const point = points.pickup_points.find((p) => p.code === "PP-MI-001")
  if (!point) throw new Error(`the store search does not find PP-MI-001: ${JSON.stringify(points)}`)
  await call(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: setup.shipping_option_id, data: { pickup_point_code: point.code } }, shopper)
  const { payment_collection: collection } = await call(baseUrl, "POST", "/store/payment-collections", { cart_id: cart.id }, shopper)
  await call(baseUrl, "POST", `/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, shopper)
  const completed = await call(baseUrl, "POST", `/store/carts/${cart.id}/complete`, {}, shopper)
  if (completed.type !== "order") throw new Error(`the cart was not completed: ${JSON.stringify(completed)}`)

  const orderNumber = `${readmeEnv.PICKUP_POINT_ORDER_PREFIX ?? ""}${completed.order.display_id}`
  const sent = await until(`shipment order ${orderNumber} on the sandbox`, async () => {
    const { orders } = await (await fetch(`${env.PICKUP_POINT_BASE_URL}/__sandbox/orders`)).json()
    return orders.find((o) => o.request.orderNumber === orderNumber)
  }, 60_000).catch((error) => {
    throw new Error(`${error.message}\n${tail(server.file)}`)
  })
  log(`order ${completed.order.id} reached the sandbox as ${sent.orderReferenceCode} (merchant ${sent.merchantCode ?? readmeEnv.PICKUP_POINT_MERCHANT_CODE}, point ${point.code})`)
  if (sandbox.child.exitCode !== null) throw new Error("the sandbox stopped")
}

async function stop() {
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM")
      } catch {
        // It ended between the check and the kill.
      }
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
  await pg?.stop().catch(() => {})
}

let failed = false
try {
  await main()
  log(`passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
} catch (error) {
  failed = true
  console.error(`[consumer-store] FAILED: ${error.message}`)
  console.error(`[consumer-store] logs kept in ${logs}`)
} finally {
  await stop()
  if (!failed && process.env.CONSUMER_STORE_KEEP !== "1") rmSync(work, { recursive: true, force: true })
  process.exit(failed ? 1 : 0)
}
