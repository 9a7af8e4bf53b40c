import { MedusaError } from "@medusajs/framework/utils"
import {
  ShipmentOrdersError,
  ShipmentOrdersInvalidRequestError,
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnauthorizedError,
  ShipmentOrdersUnavailableError,
} from "../../lib/shipment-orders"

/**
 * The `code` of the error an outage of the service becomes. Medusa's error
 * handler has no type for 503 (it knows 400, 401, 403, 404, 409, 422 and
 * answers every other type 500), so the type stays `unexpected_state` and
 * the plugin's routes answer this code 503 with `Retry-After`
 * (src/api/lib/answer-service-outage.ts).
 */
export const SERVICE_UNAVAILABLE_CODE = "pickup_point_service_unavailable"

/** The `code` of an answer of the service that could not be read; the plugin's routes answer it 502. */
export const SERVICE_BAD_ANSWER_CODE = "pickup_point_service_bad_answer"

/**
 * The one translation of the client's typed errors into Medusa's, by class:
 * a request the plugin built wrongly is invalid data, a refusal by the
 * service is not allowed (its message says why), a service that did not
 * answer is unavailable (try again), and an unreadable answer is a bad
 * answer (try again: the actions that call the service are safe to repeat). `doing` names the action for the admin: "The carrier did
 * not cancel shipment order SHOP-12". Any other error (a failed statement,
 * a bug) is not the carrier's: its message can hold SQL and its parameters,
 * so neither reaches the answer nor the log, only its class and code.
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
  if (error instanceof ShipmentOrdersUnavailableError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `${doing}: the carrier's service is unavailable (${error.message}) Try again in a few minutes.`,
      SERVICE_UNAVAILABLE_CODE
    )
  }
  if (error instanceof ShipmentOrdersProtocolError) {
    // The service answered, but not so that it can be read. Every action that can get here is safe to
    // repeat: the service makes a repeated cancel or label a no-op, and a report first checks the status.
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `${message}. Try again in a moment: a repeat is not carried out twice.`,
      SERVICE_BAD_ANSWER_CODE
    )
  }
  const name = (error as Error)?.name ?? typeof error
  const code = (error as { code?: unknown })?.code
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Something unexpected went wrong (${name}${typeof code === "string" ? ` ${code}` : ""}); the action may be partly done: look at the shipment before trying again.`
  )
}

/**
 * What a log line or a shipment's history may say of an error: the carrier's
 * and Medusa's messages as they are (they name the order and what to fix),
 * also as a workflow run throws them (serialized),
 * anything else (a failed statement, whose message holds the SQL with the
 * customer's name, e-mail and phone among its values; a bug) by its class and
 * code only.
 */
export function safeErrorMessage(error: unknown): string {
  if (error instanceof ShipmentOrdersError || error instanceof MedusaError) {
    return error.message
  }
  // What a workflow run throws is its step's error serialized (a plain object): known by its marks.
  const serialized = error as { name?: unknown; message?: unknown; __isMedusaError?: unknown } | null
  if (serialized && typeof serialized.message === "string" && (MedusaError.isMedusaError(serialized) || /^ShipmentOrders?[A-Z]\w*Error$/.test(String(serialized.name)))) {
    return serialized.message
  }
  const name = (error as Error)?.name ?? typeof error
  const code = (error as { code?: unknown })?.code
  return `${name}${typeof code === "string" ? ` ${code}` : ""} (an unexpected error; the server's own log around this time says more)`
}
