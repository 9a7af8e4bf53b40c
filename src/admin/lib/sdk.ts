import Medusa from "@medusajs/js-sdk"

/** Set by the store's admin build (its `admin.backendUrl`); absent where the plugin's own build runs. */
declare const __BACKEND_URL__: string | undefined

/**
 * Where the Medusa server is: the URL the dashboard itself calls (its own
 * origin unless the admin is hosted apart). Read at the store's build, not
 * baked in when the plugin is built.
 */
export const backendUrl = (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__) || "/"

/** The admin's js-sdk client, with the dashboard's session, as Medusa's admin guides set it up. */
export const sdk = new Medusa({
  baseUrl: backendUrl,
  auth: { type: "session" },
})

/** An absolute-path link to a backend route, for plain links the browser follows with the session cookie. */
export function backendLink(path: string): string {
  return `${backendUrl.replace(/\/$/, "")}${path}`
}
