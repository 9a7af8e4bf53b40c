import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { isLabelRequestUnderway } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider } from "../../providers/pickup-point/service"
import { PICKUP_POINT_REQUEST } from "./plugin-error-handler"

type CancelledFulfillment = { id: string; provider_id?: string | null; canceled_at?: unknown; order?: { id: string } | null }

/**
 * On Medusa's "Cancel fulfillment" (`POST /admin/orders/:id/fulfillments/:fulfillment_id/cancel`
 * and `POST /admin/fulfillments/:id/cancel`): a pickup-point fulfillment whose label the carrier
 * is making right now (a slow carrier's "Fulfill items" answered 202 and goes on in the
 * background) is refused with a 409 until the label is recorded. Cancelled meanwhile, the label
 * would land on a cancelled fulfillment, and the carrier's order, labelled, could no longer be
 * cancelled with its Medusa order. Every other fulfillment goes on to Medusa's route untouched.
 */
export async function holdFulfillmentCancelDuringLabel(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const fulfillmentId = req.params.fulfillment_id ?? req.params.id
  const {
    data: [fulfillment],
  } = (await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "fulfillment",
    fields: ["id", "provider_id", "canceled_at", "order.id"],
    filters: { id: fulfillmentId },
  })) as unknown as { data: CancelledFulfillment[] }
  const orderId = req.params.fulfillment_id ? req.params.id : fulfillment?.order?.id
  if (!fulfillment || fulfillment.canceled_at || !orderId || !isPickupPointProvider(fulfillment.provider_id)) {
    return next()
  }
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: orderId }, { take: 1, select: ["id", "order_number", "label_requested_at"] })
  if (!shipment || !isLabelRequestUnderway(shipment)) {
    return next()
  }
  // The plugin's error handler keeps a conflict's own message (Medusa's speaks of an Idempotency-Key).
  res.locals[PICKUP_POINT_REQUEST] = true
  throw new MedusaError(
    MedusaError.Types.CONFLICT,
    `The carrier is making the label of order ${shipment.order_number} for this fulfillment: wait a minute, then reload the order. ` +
      `Once its label is made, the fulfillment can no longer be cancelled here: the carrier does not cancel a labelled order.`
  )
}
