import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderShipmentWorkflow, markOrderFulfillmentAsDeliveredWorkflow } from "@medusajs/medusa/core-flows"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { TrackingTransition } from "../../modules/pickup-point/types"
import { CARRIER_CANCELLED_AT } from "../../providers/pickup-point/service"
import { LEFT_WAREHOUSE_STAGES } from "../../modules/pickup-point/lib/statuses"
import { trackingUrlFor } from "../../modules/pickup-point/lib/shopper-shipment-progress"

type FulfillmentFacts = {
  canceled_at: string | null
  shipped_at: string | null
  delivered_at: string | null
  items: { line_item_id: string; quantity: number }[]
  labels: { tracking_number: string; tracking_url: string; label_url: string }[]
  data: Record<string, unknown> | null
}

/**
 * Tells Medusa what the tracking says: the fulfillment is shipped (Medusa's
 * shipment workflow, with the tracking label) once the parcel left the
 * warehouse, and delivered once the customer picked it up; a cancel by the
 * carrier after the label is written into the fulfillment's data, so that
 * it can be cancelled (tellCancelledByCarrier). Each is done once per
 * shipment, whoever gets there first (a claim in the plugin's module, kept
 * as told only once Medusa took it).
 * A transition Medusa refuses (its order lock, an order changed meanwhile)
 * does not stop the others: each is tried, and the first failure is thrown
 * after them all; what failed is given back and tried again by the next sync
 * (listUnappliedTransitions). One Medusa would always refuse (its order or
 * fulfillment cancelled, or gone) is not tried.
 */
export async function applyFulfillmentStates(container: MedusaContainer, transitions: TrackingTransition[]): Promise<void> {
  const failures: unknown[] = []
  for (const transition of transitions) {
    try {
      await applyFulfillmentState(container, transition)
    } catch (error) {
      failures.push(error)
    }
  }
  if (failures.length) throw failures[0]
}

async function applyFulfillmentState(container: MedusaContainer, transition: TrackingTransition): Promise<void> {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  if (!transition.fulfillment_id) return
  const shipped = LEFT_WAREHOUSE_STAGES.has(transition.stage)
  const delivered = transition.stage === "delivered"
  const cancelledByCarrier = transition.stage === "cancelled"
  if (!shipped && !cancelledByCarrier) return

  const readFulfillment = async () => {
    const { data } = (await query.graph({
      entity: "fulfillment",
      fields: [
        "canceled_at",
        "shipped_at",
        "delivered_at",
        "data",
        "items.line_item_id",
        "items.quantity",
        "labels.tracking_number",
        "labels.tracking_url",
        "labels.label_url",
      ],
      filters: { id: transition.fulfillment_id! },
    })) as unknown as { data: FulfillmentFacts[] }
    return data[0] as FulfillmentFacts | undefined
  }
  const fulfillment = await readFulfillment()
  if (cancelledByCarrier) {
    await tellCancelledByCarrier(container, pickupPoints, transition, fulfillment)
    return
  }
  const orderGoneOrCancelled = async () => {
    const { data: orders } = await query.graph({ entity: "order", fields: ["status"], filters: { id: transition.order_id } })
    return !orders[0] || orders[0].status === "canceled"
  }
  if (!fulfillment || fulfillment.canceled_at || (await orderGoneOrCancelled())) {
    // Nothing to tell Medusa of a fulfillment gone or cancelled, or of a cancelled order (Medusa refuses to ship
    // it): remembered as told, so that the sync stops offering it (listUnappliedTransitions) rather than have
    // Medusa refuse it on every run and crowd out the transitions it can take.
    if (!transition.shipped_at) await pickupPoints.markFulfillmentStateTold(transition.shipment_id, "shipped", transition.fulfillment_id)
    if (delivered && !transition.delivered_at) await pickupPoints.markFulfillmentStateTold(transition.shipment_id, "delivered", transition.fulfillment_id)
    return
  }

  // The fulfillment is read again under the claim: another process may have told Medusa since the read above.
  if (!transition.shipped_at) {
    await tellUnderClaim(pickupPoints, transition.shipment_id, "shipped", async () => {
      const current = await readFulfillment()
      // Marked shipped by hand already, or undone meanwhile: nothing to do but remember it.
      if (!current || current.canceled_at || current.shipped_at) return
      await createOrderShipmentWorkflow(container).run({
        input: {
          order_id: transition.order_id,
          fulfillment_id: transition.fulfillment_id!,
          items: current.items.map((item) => ({ id: item.line_item_id, quantity: Number(item.quantity) })),
          labels: shipmentLabels(current.labels ?? [], transition.tracking_number, pickupPoints.options.trackingUrlTemplate),
        },
      })
    })
  }
  if (delivered && !transition.delivered_at) {
    await tellUnderClaim(pickupPoints, transition.shipment_id, "delivered", async () => {
      const current = await readFulfillment()
      if (!current || current.canceled_at || current.delivered_at) return
      await markOrderFulfillmentAsDeliveredWorkflow(container).run({
        input: { orderId: transition.order_id, fulfillmentId: transition.fulfillment_id! },
      })
    })
  }
}

/**
 * The provider's cancelFulfillment sees only the fulfillment's data, and
 * refuses to cancel one with a label (the carrier does not cancel a shipment
 * order after it). When the carrier cancelled it anyway, the cancel is
 * written there, so that the admin can cancel the fulfillment, then the
 * order or fulfil its items another way. Written before it is kept as told
 * (a crash between them writes it again, which is harmless), so that "told"
 * never stands for a write that did not happen. Nothing is written for a
 * fulfillment cancelled or gone, or shipped (Medusa does not cancel a shipped
 * fulfillment, whatever its data says).
 */
async function tellCancelledByCarrier(
  container: MedusaContainer,
  pickupPoints: PickupPointModuleService,
  transition: TrackingTransition,
  fulfillment: FulfillmentFacts | undefined
): Promise<void> {
  if (transition.carrier_cancel_told_at) return
  if (fulfillment && !fulfillment.canceled_at && !fulfillment.shipped_at && !fulfillment.data?.[CARRIER_CANCELLED_AT]) {
    await container.resolve(Modules.FULFILLMENT).updateFulfillment(transition.fulfillment_id!, {
      data: { ...fulfillment.data, [CARRIER_CANCELLED_AT]: new Date().toISOString() },
    })
  }
  await pickupPoints.markFulfillmentStateTold(transition.shipment_id, "carrier_cancelled", transition.fulfillment_id!)
}

/**
 * The labels Medusa's shipment keeps: its workflow replaces the fulfillment's
 * labels with the ones it is given, so the label made on "Fulfill items" is
 * given back, with the tracking number the carrier has reported since. A
 * STORAGE shipment has no label: the shipment carries its tracking number.
 */
function shipmentLabels(labels: FulfillmentFacts["labels"], trackingNumber: string | null | undefined, template: string | undefined) {
  const tracking = (number: string) => ({ tracking_number: number, tracking_url: trackingUrlFor(template, number) ?? "" })
  if (!labels.length) return trackingNumber ? [{ ...tracking(trackingNumber), label_url: "" }] : []
  return labels.map((label) => ({
    ...label,
    ...(!label.tracking_number && trackingNumber ? tracking(trackingNumber) : {}),
  }))
}

/**
 * Tells Medusa a state under a claim (none taken: it is told already, or
 * another process is telling it), then keeps it as told; after a failure the
 * claim is given back, so that the next sync tries again. A process that
 * dies between the two leaves the claim to lapse, and the state untold.
 */
async function tellUnderClaim(pickupPoints: PickupPointModuleService, shipmentId: string, state: "shipped" | "delivered", tell: () => Promise<void>): Promise<void> {
  const token = await pickupPoints.claimFulfillmentState(shipmentId, state)
  if (!token) return
  try {
    await tell()
  } catch (error) {
    await pickupPoints.settleFulfillmentState(shipmentId, state, { token, told: false })
    throw error
  }
  await pickupPoints.settleFulfillmentState(shipmentId, state, { token, told: true })
}
