import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { requirePickupPointPhone } from "../utils/pickup-point-checkout-checks"

export const requirePickupPointPhoneStepId = "pickup-point-require-phone"

/**
 * Refuses (400 `phone_required`) to place a pickup-point order without a
 * phone number: the point texts the shopper when the parcel arrives, and the
 * service refuses a shipment order without one. The phone is the shipping
 * address's, else the customer's, as the shipment order takes it. Exported
 * for custom checkouts, with `validatePickupPointSelectionsStep`. No
 * compensation: it only reads its input.
 */
export const requirePickupPointPhoneStep = createStep(
  requirePickupPointPhoneStepId,
  async (input: { pickup_point_methods: number; phones: (string | null | undefined)[] }) => {
    requirePickupPointPhone(input)
    return new StepResponse(void 0)
  }
)
