import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { freshStore, type FreshStore } from "../../helpers/fresh-store"
import { serveBuiltAdmin, type AdminServer } from "./admin-server"
import { launchAdminBrowser, signIn, type AdminBrowser } from "./browser"

export type AdminSuite = FreshStore & { admin: FreshStore["admin"]; server: AdminServer; browser: AdminBrowser }

/**
 * Once per spec file, after Medusa is up: the seeded store with its catalog
 * point and admin user (kept in the runner's database snapshot, so each
 * test starts from it), the built dashboard on the app's origin, and a
 * signed-in browser.
 */
export function useAdminSuite(
  getContainer: () => MedusaContainer,
  api: AxiosInstance,
  sandboxControl: () => AxiosInstance,
  points: Record<string, unknown>[]
) {
  const suite = {} as AdminSuite
  beforeAll(async () => {
    const [first, ...others] = points
    Object.assign(suite, await freshStore(getContainer(), api, sandboxControl(), first))
    for (const point of others) {
      await api.post("/admin/pickup-points", point, suite.admin)
    }
    suite.server = await serveBuiltAdmin(api.defaults.baseURL!)
    suite.browser = await launchAdminBrowser()
    await signIn(suite.browser.page, suite.server.url)
  })
  beforeEach(async () => {
    // The database is restored before each test; the sandbox is told to forget too.
    await sandboxControl().post("/reset")
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.server?.close()
  })
  return suite
}
