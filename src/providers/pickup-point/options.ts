import { z } from "zod"
import { clientOptionsSchema } from "../../lib/shipment-orders/client-options"
import { describeIssues } from "../../lib/shipment-orders/schemas/requests"

/** Options of the fulfillment provider, given in the host's medusa-config under the fulfillment module. */
export const providerOptionsSchema = clientOptionsSchema.extend({
  /** What generateLabel does for this merchant: a PDF label (DELIVERY) or a confirmed shipment (STORAGE). */
  merchantType: z.enum(["DELIVERY", "STORAGE"]).default("DELIVERY"),
})

export type PickupPointProviderOptions = z.input<typeof providerOptionsSchema>
export type ResolvedProviderOptions = z.output<typeof providerOptionsSchema>

/** Parses the options, or throws an error that names each wrong option and what it needs. */
export function parseProviderOptions(options: unknown): ResolvedProviderOptions {
  const parsed = providerOptionsSchema.safeParse(options ?? {})
  if (!parsed.success) {
    throw new Error(
      `medusa-pickup-point: invalid fulfillment provider options: ${describeIssues(parsed.error).join("; ")}`
    )
  }
  return parsed.data
}
