/** What a stored webhook delivery's `result` says, by verdict (the admin's webhook log shows it). */
export const WEBHOOK_RESULTS = {
  applied: (stage: string) => `Moved to ${stage}`,
  unchanged: "Recorded; not further than the current status, or waiting for the label",
  unknownOrder: "No shipment has this order reference code",
  failed: "Processing failed; a redelivery or Reprocess processes it again",
} as const
