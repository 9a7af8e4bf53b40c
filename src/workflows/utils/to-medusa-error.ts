import { MedusaError } from "@medusajs/framework/utils"
import {
  ShipmentOrdersInvalidRequestError,
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnauthorizedError,
  ShipmentOrdersUnavailableError,
} from "../../lib/shipment-orders"

/**
 * The one translation of the client's typed errors into Medusa's, by class:
 * a request the plugin built wrongly is invalid data, a refusal by the
 * service is not allowed (its message says why), and a service that did not
 * answer usefully is an unexpected state. `doing` names the action for the
 * admin: "The carrier did not cancel shipment order SHOP-12".
 */
export function toMedusaError(error: unknown, doing: string): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  const message = `${doing}: ${(error as Error)?.message ?? String(error)}`
  if (error instanceof ShipmentOrdersInvalidRequestError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, message)
  }
  if (error instanceof ShipmentOrdersRejectedError || error instanceof ShipmentOrdersUnauthorizedError) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, message)
  }
  if (error instanceof ShipmentOrdersUnavailableError || error instanceof ShipmentOrdersProtocolError) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message)
  }
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message)
}
