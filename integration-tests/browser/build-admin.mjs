import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
export const ADMIN_BUILD_DIR = path.join(root, ".medusa", "admin")

/** What the admin bundle is built from, besides Medusa's own packages. */
const SOURCES = [path.join(root, "src", "admin"), path.join(root, "src", "modules", "pickup-point", "lib", "statuses.ts")]

function newestChange(target) {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))))
}

/**
 * Builds the dashboard with the plugin's widgets and pages as a store's
 * `medusa build` would, into .medusa/admin (`--admin-only`, so the plugin's
 * own build in .medusa/server is left alone). Skipped while the build is
 * newer than every admin source; BROWSER_REBUILD_ADMIN=1 forces it.
 */
export function buildAdminIfStale() {
  const index = path.join(ADMIN_BUILD_DIR, "index.html")
  const fresh =
    process.env.BROWSER_REBUILD_ADMIN !== "1" &&
    existsSync(index) &&
    statSync(index).mtimeMs > Math.max(...SOURCES.map(newestChange))
  if (fresh) {
    console.log("[browser] the admin build is up to date")
    return
  }
  const started = Date.now()
  const build = spawnSync(path.join(root, "node_modules", ".bin", "medusa"), ["build", "--admin-only"], {
    cwd: root,
    env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" },
    encoding: "utf8",
  })
  if (build.status !== 0) {
    throw new Error(`medusa build --admin-only failed:\n${build.stdout}\n${build.stderr}`)
  }
  console.log(`[browser] admin built in ${Math.round((Date.now() - started) / 1000)} s`)
}
