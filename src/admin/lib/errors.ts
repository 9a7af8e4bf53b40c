import { FetchError } from "@medusajs/js-sdk"

/** The server's own message for a refused call (Medusa's error shape), never a stack. */
export function messageOf(error: unknown): string {
  if (error instanceof FetchError || error instanceof Error) return error.message
  return String(error)
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.status : undefined
}

/** Whether the server refused a handover for its verification code (missing or wrong), not for anything else. */
export function isVerificationCodeRefusal(error: unknown): boolean {
  return /verification[ _]code/i.test(messageOf(error))
}
