import { FetchError } from "@medusajs/js-sdk"

/** The server's own message for a refused call (Medusa's error shape), never a stack. */
export function messageOf(error: unknown): string {
  if (error instanceof FetchError || error instanceof Error) return error.message
  return String(error)
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.status : undefined
}

/**
 * What to tell an admin of a refused action, in the admin's language where
 * the status says enough: 429 is a code sent too often (the only admin route
 * that answers it), 409 another action under way on the shipment, with the
 * server's own words after it for the one case that says what to do (a
 * change of point stopped half-way). Else the server's message.
 */
export function refusalText(error: unknown, t: (key: string) => string): string {
  if (statusOf(error) === 429) return t("pickupPoint.refusal.code.limited")
  if (statusOf(error) === 409) return `${t("pickupPoint.refusal.busy")} (${messageOf(error)})`
  return messageOf(error)
}

/** Whether the server refused a handover for its verification code (missing or wrong), not for anything else. */
export function isVerificationCodeRefusal(error: unknown): boolean {
  return /verification[ _]code/i.test(messageOf(error))
}
