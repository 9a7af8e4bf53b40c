import { isCredentialsRefusal } from "../../lib/shipment-orders/errors"
import { isUnseenLabelRefusal } from "../../modules/pickup-point/lib/cancel-refusals"
import { isCancelUnderway, TRACKING_STAGES, verificationCodeRefusal } from "../../modules/pickup-point/lib/statuses"
import type { AdminShipment } from "./types"

type ShipmentFacts = Pick<AdminShipment, "status" | "merchant_type" | "last_error" | "cancel_requested_at">

/** The normal wait for the carrier's import; a requested cancel's error is the cancel's, whatever the status. */
export const isImportWait = (shipment: Pick<ShipmentFacts, "status" | "cancel_requested_at">) =>
  shipment.status === "awaiting_import" && !isCancelUnderway(shipment)

/** The carrier cancelled the shipment order after its label (only it can then), and the shipment is not recorded cancelled. */
export const isCancelledByCarrier = (shipment: Pick<AdminShipment, "status" | "tracking_stage_name">) =>
  shipment.tracking_stage_name === "cancelled" && shipment.status !== "cancelled"

/** A label to print: none once its shipment order is cancelled, by the store or the carrier (the label routes refuse it as void). */
export const hasPrintableLabel = (shipment: Pick<AdminShipment, "label_file_id" | "status" | "tracking_stage_name">) =>
  !!shipment.label_file_id && shipment.status !== "cancelled" && shipment.tracking_stage_name !== "cancelled"

/** Medusa's order fulfillment statuses once every item has a fulfillment. */
const ALL_ITEMS_FULFILLED = new Set(["fulfilled", "partially_shipped", "shipped", "partially_delivered", "delivered"])

type OrderFacts = {
  status?: string | null
  fulfillment_status?: string | null
  fulfillments?: { id: string; canceled_at?: unknown; shipped_at?: unknown }[] | null
}

/**
 * What to do about a shipment order the carrier cancelled after its label, as a translation key
 * under `pickupPoint.shipment.cancelledByCarrier`; null once nothing is left to do (the order
 * cancelled, which records the shipment cancelled, or its items all fulfilled another way).
 */
export function carrierCancelAdvice(shipment: Pick<AdminShipment, "status" | "tracking_stage_name" | "fulfillment_id">, order: OrderFacts): string | null {
  if (!isCancelledByCarrier(shipment) || order.status === "canceled") return null
  const fulfillment = order.fulfillments?.find((f) => f.id === shipment.fulfillment_id)
  if (fulfillment && !fulfillment.canceled_at) {
    // The tracking sync has let it be cancelled, unless it was shipped (Medusa cancels no shipped fulfillment).
    return fulfillment.shipped_at ? "afterShipping" : "cancelFulfillment"
  }
  return order.fulfillment_status && ALL_ITEMS_FULFILLED.has(order.fulfillment_status) ? null : "fulfilAnotherWay"
}

/** What the admin should do about the shipment's last error, by what it says, as a translation key. */
export function errorAdvice(shipment: Pick<ShipmentFacts, "status" | "last_error" | "cancel_requested_at">): string {
  if (/phone/i.test(shipment.last_error ?? "")) return "pickupPoint.advice.phone"
  if (isUnseenLabelRefusal(shipment.last_error)) return "pickupPoint.advice.voidLabel"
  if (shipment.status === "failed") return "pickupPoint.advice.failed"
  if (isCredentialsRefusal(shipment.last_error)) return "pickupPoint.advice.credentials"
  if (isImportWait(shipment)) return "pickupPoint.advice.importing"
  return "pickupPoint.advice.automatic"
}

/** Why a shipment has no label to download, as a translation key: "Fulfill items" is the way only while the order goes on. */
export function noLabelReason(shipment: Pick<ShipmentFacts, "merchant_type" | "status" | "cancel_requested_at"> & Partial<Pick<AdminShipment, "tracking_stage_name">>): string {
  if (shipment.merchant_type === "STORAGE") return "pickupPoint.shipment.noLabelStorage"
  // A label the carrier's cancel made void: the bulk print leaves it out.
  if (isCancelledByCarrier({ status: shipment.status, tracking_stage_name: shipment.tracking_stage_name ?? null })) return "pickupPoint.shipment.noLabelCancelledByCarrier"
  if (shipment.status === "cancelled" || isCancelUnderway(shipment)) return "pickupPoint.shipment.noLabelCancelled"
  // "Fulfill items" refuses a failed shipment until it is retried.
  if (shipment.status === "failed") return "pickupPoint.shipment.noLabelFailed"
  return "pickupPoint.shipment.noLabelYet"
}

/** Why no verification code can be sent for the shipment, as a translation key, or null when one can. */
export function codeRefusalReason(shipment: Parameters<typeof verificationCodeRefusal>[0] & Pick<AdminShipment, "tracking_stage">): string | null {
  if (!verificationCodeRefusal(shipment)) return null
  // In the server's order (verificationCodeRefusal): a shipment the carrier cancelled is cancelled, though its stage is final.
  if (isCancelUnderway(shipment)) return "pickupPoint.refusal.code.cancelling"
  if (shipment.status === "cancelled") return "pickupPoint.refusal.code.cancelled"
  if ((shipment.tracking_stage ?? 0) >= TRACKING_STAGES.delivered) return "pickupPoint.refusal.code.closed"
  return "pickupPoint.refusal.code.noParcel"
}

/**
 * Whether the shipment's point hands parcels over without a code (as the catalog had it when the order was placed).
 * Not a refusal: a catalog can be wrong, and a point that asks for a code after all must still get one sent.
 */
export function codeNotNeeded(shipment: Pick<AdminShipment, "pickup_point">): boolean {
  return shipment.pickup_point?.requires_verification_code === false
}
