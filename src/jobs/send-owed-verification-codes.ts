import type { MedusaContainer } from "@medusajs/framework/types"
import { sendOwedVerificationCodesWorkflow } from "../workflows/send-owed-verification-codes"
import { OWED_CODE_RETRIES } from "../workflows/utils/send-code-when-ready"

/** Sends the verification codes that parcels ready for pickup are owed: their event was lost in a crash, or the carrier failed the send. */
export default async function sendOwedVerificationCodes(container: MedusaContainer) {
  const { result } = await sendOwedVerificationCodesWorkflow(container).run({ input: {} })
  const logger = container.resolve("logger")
  if (result.sent.length) {
    logger.info(`[pickup-point] sent (or, its answer lost, probably sent) the verification code owed to ${result.sent.length} parcel(s) ready for pickup: ${result.sent.join(", ")}`)
  }
  // One line per reason: while the carrier refuses the credentials, every owed parcel fails the same way.
  const byReason = new Map<string, string[]>()
  for (const { id, message } of result.failed) byReason.set(message, [...(byReason.get(message) ?? []), id])
  for (const [message, ids] of byReason) {
    logger.warn(
      `[pickup-point] the verification code owed to ${ids.length} shipment(s) (${ids.join(", ")}) was not sent: ${message}. ` +
        `Tried again ${OWED_CODE_RETRIES}, the day counted from when the parcel became ready; or send it from the order's page.`
    )
  }
}

export const config = {
  name: "pickup-point-send-owed-verification-codes",
  // Every ten minutes: a parcel is owed its code once it has been ready for ten (the event's own send goes first).
  // PICKUP_POINT_OWED_CODES_SCHEDULE (a cron, seconds allowed) sets another cadence.
  schedule: process.env.PICKUP_POINT_OWED_CODES_SCHEDULE || "*/10 * * * *",
}
