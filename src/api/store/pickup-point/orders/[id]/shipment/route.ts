import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import { PICKUP_POINT_ERRORS } from "../../../../../../storefront/error-codes"
import { snapshotFor } from "../../../../../../modules/pickup-point/lib/pickup-point-snapshot"
import { shopperShipmentProgress } from "../../../../../../modules/pickup-point/lib/shopper-shipment-progress"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { pickupPointCodeOf } from "../../../../../../providers/pickup-point/service"

type OrderShippingMethods = { id: string; shipping_methods?: ({ data?: Record<string, unknown> | null } | null)[] | null }

/**
 * Where to collect an order and how far its parcel has gone, for the
 * confirmation and account pages. Authorized as Medusa's own
 * `GET /store/orders/:id`: the order id (unguessable) is the key, so the
 * order's customer or guest can read it. It answers the point's public
 * details and the parcel's progress only, nothing about the customer.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [order],
  } = await query.graph({
    entity: "order",
    fields: ["id", "shipping_methods.data"],
    filters: { id: req.params.id, is_draft_order: false },
  })
  if (!order) {
    // Said for the shopper who followed the link, with a stable code (the id is no order's, or a draft's).
    throw new MedusaError(MedusaError.Types.NOT_FOUND, PICKUP_POINT_ERRORS.order_not_found, "order_not_found")
  }
  const data = ((order as OrderShippingMethods).shipping_methods ?? []).map((method) => method?.data ?? undefined).find((d) => pickupPointCodeOf(d))
  const code = pickupPointCodeOf(data)
  if (!code) {
    res.json({ pickup_point: null, shipment: null })
    return
  }
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: order.id }, { take: 1 })
  const snapshot = snapshotFor(code, data?.pickup_point) ?? snapshotFor(code, shipment?.pickup_point)
  res.setHeader("Cache-Control", "private, no-cache")
  res.json({
    pickup_point: snapshot ?? { code },
    shipment: shipment
      ? shopperShipmentProgress(shipment, { statusMapping: pickupPoints.statusMapping, trackingUrlTemplate: pickupPoints.options.trackingUrlTemplate })
      : null,
  })
}
