import startPostgres from "../pg-global-setup.mjs"
import { buildAdminIfStale } from "./build-admin.mjs"

/** The browser project needs the built admin as well as PostgreSQL. */
export default async function globalSetup() {
  buildAdminIfStale()
  await startPostgres()
}
