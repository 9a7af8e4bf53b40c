import type { ShipmentOperation } from "./operations"

export type ShipmentOrdersErrorCode =
  | "invalid_request"
  | "rejected"
  | "not_found"
  | "not_imported"
  | "unauthorized"
  | "unavailable"
  | "protocol"

type ErrorDetails = {
  operation: ShipmentOperation
  httpStatus?: number
  serviceMessage?: string
}

/**
 * Base of every error the client throws. It carries what a caller needs to
 * decide (operation, HTTP status, the service's own message, whether trying
 * again later can help) and nothing of the request: no headers, no body, so
 * no credentials or personal data.
 */
export class ShipmentOrdersError extends Error {
  readonly code: ShipmentOrdersErrorCode
  readonly operation: ShipmentOperation
  readonly httpStatus?: number
  readonly serviceMessage?: string
  /** True when the same call may succeed later without any change. */
  readonly retryable: boolean

  constructor(
    code: ShipmentOrdersErrorCode,
    message: string,
    details: ErrorDetails,
    retryable = false
  ) {
    super(message)
    this.name = new.target.name
    this.code = code
    this.operation = details.operation
    this.httpStatus = details.httpStatus
    this.serviceMessage = details.serviceMessage
    this.retryable = retryable
  }
}

/** The client refused to send a request that breaks the spec; nothing was sent. */
export class ShipmentOrdersInvalidRequestError extends ShipmentOrdersError {
  readonly issues: string[]

  constructor(operation: ShipmentOperation, issues: string[]) {
    super(
      "invalid_request",
      `Invalid ${operation} request, not sent: ${issues.join("; ")}`,
      { operation }
    )
    this.issues = issues
  }
}

/** The service refused the request (a 4xx, or `success: false`); its message says why. */
export class ShipmentOrdersRejectedError extends ShipmentOrdersError {
  constructor(
    details: ErrorDetails,
    code: ShipmentOrdersErrorCode = "rejected",
    retryable = false
  ) {
    super(
      code,
      // The service's own words after the call refused; its HTTP status only when it is an error's (a refusal
      // may come as a 200 with `success: false`, which an admin would read as a contradiction).
      `The carrier refused the ${details.operation} request` +
        (details.httpStatus && details.httpStatus >= 400 ? ` (HTTP ${details.httpStatus})` : "") +
        `: ${details.serviceMessage || "no reason given"}`,
      details,
      retryable
    )
  }
}

/** The order does not exist for this merchant (HTTP 404). */
export class ShipmentOrderNotFoundError extends ShipmentOrdersRejectedError {
  constructor(details: ErrorDetails) {
    super(details, "not_found")
  }
}

/**
 * The service has not imported the order yet (creation is asynchronous), so no
 * action is possible on it. Retry the same call shortly.
 */
export class ShipmentOrderNotImportedError extends ShipmentOrdersRejectedError {
  constructor(details: ErrorDetails) {
    super(details, "not_imported", true)
  }
}

/** The words of a refusal of the credentials, in its message: what the admin looks for to say what to do. */
export const CREDENTIALS_REFUSAL = "refused the credentials"

export function isCredentialsRefusal(message: string | null | undefined): boolean {
  return !!message?.includes(CREDENTIALS_REFUSAL)
}

/** Credentials missing or refused (HTTP 401/403). */
export class ShipmentOrdersUnauthorizedError extends ShipmentOrdersError {
  constructor(details: ErrorDetails) {
    super(
      "unauthorized",
      `The Shipment Orders Service ${CREDENTIALS_REFUSAL} for ${details.operation} ` +
        `(HTTP ${details.httpStatus}). Check the merchant code, the API key and the ` +
        `auth header names in the provider options.`,
      details
    )
  }
}

export type UnavailableReason = "timeout" | "network" | "server_error" | "rate_limited"

/**
 * The service did not answer usefully: timeout, network failure, 5xx or 429.
 * Retryable. When `outcomeUnknown` is true the request may have been carried
 * out: for `create`, look the order up with `getIdentifier` before creating
 * it again.
 */
export class ShipmentOrdersUnavailableError extends ShipmentOrdersError {
  readonly reason: UnavailableReason
  readonly outcomeUnknown: boolean
  readonly attempts: number

  constructor(
    details: ErrorDetails & {
      reason: UnavailableReason
      outcomeUnknown: boolean
      attempts: number
      cause?: string
    }
  ) {
    const what = {
      timeout: "did not answer in time",
      network: `could not be reached (${details.cause ?? "network error"})`,
      // Only a 404 that is not the service's own answer is unavailability (see the client).
      server_error:
        details.httpStatus === 404
          ? "answered HTTP 404 with a page that is not its own (a proxy's during a deploy, or a baseUrl that points elsewhere)"
          : `answered HTTP ${details.httpStatus}`,
      rate_limited: "is rate limiting this merchant (HTTP 429)",
    }[details.reason]
    const advice = details.outcomeUnknown
      ? details.operation === "create"
        ? " The outcome is unknown: look the order up with getIdentifier(orderNumber) before creating it again."
        : details.operation === "generateLabel"
          ? " The outcome is unknown: a DELIVERY label is safe to ask again; for a STORAGE merchant, look the status up first (each confirmation reaches the pickup point)."
          : " The outcome is unknown; the call is safe to repeat."
      : details.httpStatus === 404
        ? " Try again later; if it persists, check the baseUrl option."
        : " Try again later."
    super(
      "unavailable",
      `The Shipment Orders Service ${what} on ${details.operation}` +
        (details.attempts > 1 ? ` after ${details.attempts} attempts.` : ".") +
        advice,
      details,
      true
    )
    this.reason = details.reason
    this.outcomeUnknown = details.outcomeUnknown
    this.attempts = details.attempts
  }
}

/** The service answered something that is not the documented shape (bad JSON, wrong fields). */
export class ShipmentOrdersProtocolError extends ShipmentOrdersError {
  constructor(details: ErrorDetails & { problem: string }) {
    super(
      "protocol",
      `The Shipment Orders Service sent an unreadable ${details.operation} response` +
        (details.httpStatus ? ` (HTTP ${details.httpStatus})` : "") +
        `: ${details.problem}`,
      details
    )
  }
}

/** An answer that never came, or could not be read: the service may have done the work. */
export function isOutcomeUnknown(error: unknown): boolean {
  return (error instanceof ShipmentOrdersUnavailableError && error.outcomeUnknown) || error instanceof ShipmentOrdersProtocolError
}

export function isShipmentOrdersError(error: unknown): error is ShipmentOrdersError {
  return error instanceof ShipmentOrdersError
}
