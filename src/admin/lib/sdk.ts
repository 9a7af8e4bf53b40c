import Medusa from "@medusajs/js-sdk"

/** Where the Medusa server is: the dashboard's own origin unless the admin is hosted apart. */
export const backendUrl = (import.meta.env.VITE_BACKEND_URL as string | undefined) || "/"

/** The admin's js-sdk client, with the dashboard's session, as Medusa's admin guides set it up. */
export const sdk = new Medusa({
  baseUrl: backendUrl,
  auth: { type: "session" },
})

/** An absolute-path link to a backend route, for plain links the browser follows with the session cookie. */
export function backendLink(path: string): string {
  return `${backendUrl.replace(/\/$/, "")}${path}`
}
