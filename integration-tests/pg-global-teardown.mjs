import { rmSync } from "node:fs"

export default async function globalTeardown() {
  const embedded = globalThis.__EMBEDDED_PG__
  if (!embedded) {
    return
  }
  await embedded.pg.stop()
  rmSync(embedded.databaseDir, { recursive: true, force: true })
}
