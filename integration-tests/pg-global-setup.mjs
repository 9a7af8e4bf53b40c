import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, startEmbeddedPostgres } from "../scripts/lib/embedded-postgres.mjs"

/**
 * Gives the integration tests a PostgreSQL server: an embedded one on a free
 * port, or, with USE_EXTERNAL_PG=1, the server named by DB_HOST, DB_PORT,
 * DB_USERNAME and DB_PASSWORD.
 */
export default async function globalSetup() {
  process.env.MEDUSA_DISABLE_TELEMETRY = "true"
  // Several projects (integration, browser) share one server in a run.
  if (globalThis.__EMBEDDED_PG__) return
  if (process.env.USE_EXTERNAL_PG === "1") {
    process.env.DB_HOST ??= "localhost"
    process.env.DB_USERNAME ??= "postgres"
    return
  }
  const started = Date.now()
  const databaseDir = mkdtempSync(path.join(os.tmpdir(), "pickup-point-pg-"))
  const port = await freePort()
  globalThis.__EMBEDDED_PG__ = {
    pg: await startEmbeddedPostgres({ databaseDir, port, persistent: false }),
    databaseDir,
  }
  // test-utils adds SSL to any database host that is not "localhost".
  process.env.DB_HOST = "localhost"
  process.env.DB_PORT = String(port)
  process.env.DB_USERNAME = "postgres"
  process.env.DB_PASSWORD = "postgres"
  console.log(`[pg-global-setup] embedded PostgreSQL on port ${port} ready in ${Date.now() - started} ms`)
}
