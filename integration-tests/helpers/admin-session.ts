import { createUserAccountWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"

export const ADMIN_EMAIL = "admin@medusa-test.com"
export const ADMIN_PASSWORD = "supersecret"

/**
 * Creates an admin user with an e-mail/password identity and logs in through
 * the real `/auth/user/emailpass` route, as the dashboard does.
 */
export async function adminHeaders(
  container: MedusaContainer,
  api: AxiosInstance
): Promise<{ headers: { authorization: string } }> {
  const auth = container.resolve(Modules.AUTH)
  const { success, authIdentity, error } = await auth.register("emailpass", {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  })
  if (!success || !authIdentity) {
    throw new Error(`Could not register the admin identity: ${error}`)
  }
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: authIdentity.id, userData: { email: ADMIN_EMAIL } },
  })
  const { data } = await api.post("/auth/user/emailpass", {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  })
  return { headers: { authorization: `Bearer ${data.token}` } }
}
