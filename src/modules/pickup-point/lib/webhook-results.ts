/** What a stored webhook delivery's `result` says, by verdict (the admin's webhook log shows it). */
export const WEBHOOK_RESULTS = {
  applied: (stage: string) => `Moved to ${stage}`,
  unchanged: "Recorded; not further than the current status, or waiting for the label",
  unknownOrder: "No shipment has this order reference code",
  failed: "Processing failed; a redelivery or Reprocess processes it again",
  unreadableStopped: "The body could not be read, and its processing stopped before the reason was stored; the platform must send a readable one",
} as const
