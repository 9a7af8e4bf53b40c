import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { pickupPointSnapshot } from "../../modules/pickup-point/lib/pickup-point-snapshot"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { pickupPointCodeOf } from "../../providers/pickup-point/service"
import type { PickupPointChange } from "./prepare-pickup-point-change"

export const setShippingMethodPickupPointStepId = "pickup-point-set-shipping-method-pickup-point"

/**
 * Makes the order's shipping method carry the new point (its code and
 * snapshot, as checkout stores them), so that the new shipment order, the
 * order page and the storefront's pages all read the new point.
 * Compensation, when a later step fails (the old shipment order could not
 * be cancelled, say): the method carries the point of the order's shipment
 * again (its data as it was, unless another change went through
 * meanwhile), and only while it still carries this change's point: a
 * method another change has written since is that change's to put back.
 */
export const setShippingMethodPickupPointStep = createStep(
  setShippingMethodPickupPointStepId,
  async (change: PickupPointChange, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    await orders.updateOrderShippingMethods([
      { id: change.method_id, data: { ...change.method_data, pickup_point_code: change.to_code, pickup_point: change.snapshot } },
    ])
    return new StepResponse(undefined, { order_id: change.order_id, method_id: change.method_id, to_code: change.to_code, data: change.method_data })
  },
  async (previous, { container }) => {
    if (!previous) return
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: found } = await query.graph({
      entity: "order",
      fields: ["id", "shipping_methods.id", "shipping_methods.data"],
      filters: { id: previous.order_id },
    })
    const method = ((found[0]?.shipping_methods ?? []) as ({ id: string; data?: Record<string, unknown> | null } | null)[]).find(
      (m) => m?.id === previous.method_id
    )
    if (pickupPointCodeOf(method?.data ?? undefined) !== previous.to_code) return
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const [live] = await pickupPoints.listPickupPointShipments({ order_id: previous.order_id }, { take: 1 })
    // The order's shipment went to this point after all (a step after it was recorded failed).
    if (live?.pickup_point_code === previous.to_code) return
    let data = previous.data
    if (live && live.pickup_point_code !== pickupPointCodeOf(previous.data)) {
      // Another change went through meanwhile: the method carries its point, as the order's shipment does.
      const [point] = await pickupPoints.listPickupPoints({ code: live.pickup_point_code }, { take: 1 })
      data = {
        ...previous.data,
        pickup_point_code: live.pickup_point_code,
        pickup_point: point ? pickupPointSnapshot(point as Parameters<typeof pickupPointSnapshot>[0]) : previous.data.pickup_point,
      }
    }
    await container.resolve(Modules.ORDER).updateOrderShippingMethods([{ id: previous.method_id, data }])
  }
)
