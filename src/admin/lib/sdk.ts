import Medusa from "@medusajs/js-sdk"

/** Set by the store's admin build (its `admin.backendUrl`); absent where the plugin's own build runs. */
declare const __BACKEND_URL__: string | undefined
/** Set by the store's admin build from `ADMIN_AUTH_TYPE` and `ADMIN_JWT_TOKEN_STORAGE_KEY`, as the dashboard reads them. */
declare const __AUTH_TYPE__: "session" | "jwt" | undefined
declare const __JWT_TOKEN_STORAGE_KEY__: string | undefined

/**
 * Where the Medusa server is: the URL the dashboard itself calls (its own
 * origin unless the admin is hosted apart). Read at the store's build, not
 * baked in when the plugin is built.
 */
export const backendUrl = (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__) || "/"

/**
 * The admin's js-sdk client, signed in as the dashboard is: its session
 * cookie, or with `ADMIN_AUTH_TYPE=jwt` (an admin hosted where the cookie is
 * not sent) the token the dashboard keeps under the same storage key.
 */
export const sdk = new Medusa({
  baseUrl: backendUrl,
  auth: {
    type: (typeof __AUTH_TYPE__ !== "undefined" && __AUTH_TYPE__) || "session",
    jwtTokenStorageKey: (typeof __JWT_TOKEN_STORAGE_KEY__ !== "undefined" && __JWT_TOKEN_STORAGE_KEY__) || undefined,
  },
})

/**
 * An absolute-path link to a backend route, for plain links the browser
 * follows with the session cookie (a label opened in a new tab; with JWT
 * sign-in a plain click, which fetches through `sdk`, is what works).
 */
export function backendLink(path: string): string {
  return `${backendUrl.replace(/\/$/, "")}${path}`
}
