import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { pickupPointSnapshot, type PickupPointSnapshot } from "../../modules/pickup-point/lib/pickup-point-snapshot"
import { changePointRefusal } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"

export const preparePickupPointChangeStepId = "pickup-point-prepare-pickup-point-change"

/** What a change of pickup point works from, checked. */
export type PickupPointChange = {
  shipment_id: string
  order_id: string
  /** The shipment's order number on the service, for messages. */
  order_number: string
  from_code: string
  to_code: string
  /** The order's shipping method that carries the point, and its data before the change. */
  method_id: string
  method_data: Record<string, unknown>
  snapshot: PickupPointSnapshot
}

/**
 * Checks that the shipment can go to the chosen point (only before its
 * label, once its shipment order is imported, for an order that is not
 * cancelled, to an active point of the catalog other than its own (or its
 * own, when its shipment order was cancelled before the label and its items
 * went no other way: it is sent again), in the
 * country the order ships to) and
 * finds the order's shipping method that carries the point (or already the
 * requested one, after a change that stopped half-way; or, after one to yet
 * another point, the order's only method to a pickup point). No
 * compensation: it only reads.
 */
export const preparePickupPointChangeStep = createStep(
  preparePickupPointChangeStepId,
  async (input: { shipment_id: string; pickup_point_code: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "status",
        "shipping_address.country_code",
        "shipping_methods.id",
        "shipping_methods.data",
        "fulfillments.id",
        "fulfillments.provider_id",
        "fulfillments.canceled_at",
      ],
      filters: { id: shipment.order_id },
    })
    const refusal = changePointRefusal(shipment, orders[0])
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    }
    const code = input.pickup_point_code.trim()
    // Sent again after a cancel: not when the items went another way meanwhile (a fulfillment with another shipping
    // option), or the carrier would get a shipment order for a parcel that is never handed over.
    const elsewhere = ((orders[0]?.fulfillments ?? []) as ({ provider_id?: string | null; canceled_at?: unknown } | null)[]).some(
      (fulfillment) => !!fulfillment && !fulfillment.canceled_at && !isPickupPointProvider(fulfillment.provider_id)
    )
    if (shipment.status === "cancelled" && elsewhere) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${shipment.order_number} cannot be shipped again: its items have a fulfillment with another shipping option. Cancel that fulfillment first if they are to go to a pickup point.`
      )
    }
    // Its own point is no change, except for a shipment whose shipment order was cancelled: sent again there.
    if (code === shipment.pickup_point_code && shipment.status !== "cancelled") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The shipment of ${shipment.order_number} already goes to ${code}: choose another pickup point.`)
    }
    const [point] = await pickupPoints.listPickupPoints({ code }, { take: 1 })
    if (!point) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Pickup point ${code} is not in the catalog: choose one from the list.`)
    }
    if (!point.is_active) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Pickup point ${code} (${point.name}) is inactive: activate it on the Pickup points page, or choose another.`
      )
    }
    // As checkout refuses it: a parcel for an address in one country is not sent to a point in another.
    const country = (orders[0]?.shipping_address as { country_code?: string | null } | null | undefined)?.country_code
    if (country && point.country_code && country.toLowerCase() !== point.country_code.toLowerCase()) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Pickup point ${code} (${point.name}) is in ${point.country_code.toUpperCase()}, and order ${shipment.order_number} ships to ${country.toUpperCase()}: choose a point in ${country.toUpperCase()}.`
      )
    }
    const methods = ((orders[0]?.shipping_methods ?? []) as ({ id: string; data?: Record<string, unknown> | null } | null)[]).filter(
      (m): m is { id: string; data?: Record<string, unknown> | null } => !!m
    )
    // A change that stopped after writing the method (see changePointRefusal) left it with the point that change
    // asked for: found by the point asked for now, or, when this change is to another one (back to the shipment's own
    // point, say), as the order's only method to a pickup point.
    const carried = (m: { data?: Record<string, unknown> | null }) => pickupPointCodeOf(m.data ?? undefined)
    const toPoints = methods.filter((m) => !!carried(m))
    const method =
      methods.find((m) => carried(m) === shipment.pickup_point_code) ??
      methods.find((m) => carried(m) === code) ??
      (toPoints.length === 1 ? toPoints[0] : undefined)
    if (!method) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${shipment.order_number} has no shipping method to pickup point ${shipment.pickup_point_code}` +
          (toPoints.length ? ` but ${toPoints.length} to other pickup points (${toPoints.map(carried).join(", ")})` : "") +
          `: its pickup point cannot be changed here.`
      )
    }
    const change: PickupPointChange = {
      shipment_id: shipment.id,
      order_id: shipment.order_id,
      order_number: shipment.order_number,
      from_code: shipment.pickup_point_code,
      to_code: code,
      method_id: method.id,
      method_data: method.data ?? {},
      snapshot: pickupPointSnapshot(point as Parameters<typeof pickupPointSnapshot>[0]),
    }
    return new StepResponse(change)
  }
)
