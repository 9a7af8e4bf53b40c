import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PickupPointChange } from "./prepare-pickup-point-change"

export const setShippingMethodPickupPointStepId = "pickup-point-set-shipping-method-pickup-point"

/**
 * Makes the order's shipping method carry the new point (its code and
 * snapshot, as checkout stores them), so that the new shipment order, the
 * order page and the storefront's pages all read the new point.
 * Compensation: the method's data as it was, when a later step fails (the
 * old shipment order could not be cancelled, say).
 */
export const setShippingMethodPickupPointStep = createStep(
  setShippingMethodPickupPointStepId,
  async (change: PickupPointChange, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    await orders.updateOrderShippingMethods([
      { id: change.method_id, data: { ...change.method_data, pickup_point_code: change.to_code, pickup_point: change.snapshot } },
    ])
    return new StepResponse(undefined, { method_id: change.method_id, data: change.method_data })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve(Modules.ORDER).updateOrderShippingMethods([{ id: previous.method_id, data: previous.data }])
  }
)
