import { SHIPMENT_OPERATIONS, type ShipmentOperation } from "./operations"

/**
 * How one attempt of a call to the service ended: `ok`; the service said no
 * (`refused`, `not_found`, `unauthorized`); it did not answer usefully
 * (`timeout`, `network_error`, `server_error`, `rate_limited`); or its
 * answer broke the contract (`protocol_error`).
 */
export const SERVICE_CALL_OUTCOMES = [
  "ok",
  "refused",
  "not_found",
  "unauthorized",
  "timeout",
  "network_error",
  "server_error",
  "rate_limited",
  "protocol_error",
] as const

export type ServiceCallOutcome = (typeof SERVICE_CALL_OUTCOMES)[number]

/**
 * What the client reports of each attempt of a call, and all it reports:
 * the operation, the HTTP status, how long the attempt took, how it ended,
 * its number, whether the client tried again after it, and when it ended.
 * No body, header, URL, query, key or message: nothing personal or secret.
 */
export type ServiceCall = {
  operation: ShipmentOperation | "unknown"
  http_status: number | null
  duration_ms: number
  outcome: ServiceCallOutcome
  attempt: number
  retried: boolean
  at: Date
}

export type ServiceCallListener = (call: ServiceCall) => void

const OPERATIONS: ReadonlySet<string> = new Set(SHIPMENT_OPERATIONS)
const OUTCOMES: ReadonlySet<string> = new Set(SERVICE_CALL_OUTCOMES)

/**
 * The record of a call, built field by field from the allowed ones only and
 * each coerced to its type: whatever a caller passes besides (a body, a
 * header, an error message) cannot reach a listener or the call log.
 */
export function serviceCallRecord(input: { [K in keyof ServiceCall]?: unknown }): ServiceCall {
  const status = Number(input.http_status)
  const duration = Number(input.duration_ms)
  const attempt = Number(input.attempt)
  const at = input.at instanceof Date && !Number.isNaN(input.at.getTime()) ? new Date(input.at.getTime()) : new Date()
  return {
    operation: typeof input.operation === "string" && OPERATIONS.has(input.operation) ? (input.operation as ShipmentOperation) : "unknown",
    http_status: Number.isInteger(status) && status >= 100 && status <= 599 ? status : null,
    duration_ms: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : 0,
    outcome: typeof input.outcome === "string" && OUTCOMES.has(input.outcome) ? (input.outcome as ServiceCallOutcome) : "network_error",
    attempt: Number.isInteger(attempt) && attempt >= 1 ? attempt : 1,
    retried: input.retried === true,
    at,
  }
}
