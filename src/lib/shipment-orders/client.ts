import axios, {
  AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from "axios"
import axiosRetry, { exponentialDelay, retryAfter } from "axios-retry"
import type { z } from "zod"
import { serviceCallRecord, type ServiceCallListener, type ServiceCallOutcome } from "./call-log"
import {
  clientOptionsSchema,
  type ResolvedClientOptions,
  type ShipmentOrdersClientOptions,
  type ShipmentOrdersLogger,
} from "./client-options"
import {
  ShipmentOrderNotFoundError,
  ShipmentOrderNotImportedError,
  ShipmentOrdersError,
  ShipmentOrdersInvalidRequestError,
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnauthorizedError,
  ShipmentOrdersUnavailableError,
  type UnavailableReason,
} from "./errors"
import {
  GET_OPERATIONS,
  RETRYABLE_OPERATIONS,
  SHIPMENT_API_PATH,
  type ShipmentOperation,
} from "./operations"
import {
  describeIssues,
  requestSchemas,
  type RequestOf,
  type CancelRequest,
  type CreateRequest,
  type GenerateLabelRequest,
  type OrderIdentifierRequest,
  type UpdateTrackingRequest,
} from "./schemas/requests"
import {
  createResponseSchema,
  envelopeSchema,
  generateLabelResponseSchema,
  getIdentifierResponseSchema,
  statusResponseSchema,
  type LabelInfo,
  type ShipmentOrderStatus,
} from "./schemas/responses"

/** `orderNumberRif` must equal `orderNumber`; the client fills it in when left out. */
export type CreateShipmentOrderInput = Omit<CreateRequest, "orderNumberRif"> & {
  orderNumberRif?: string
}

export type CreatedShipmentOrder = {
  orderReferenceCode: string
  pickupPointPublicCode?: string
  message: string
}

/** What generateLabel produced: a PDF label (DELIVERY merchant) or a confirmation (STORAGE merchant). */
export type GenerateLabelResult =
  | {
      kind: "label"
      message: string
      trackingNumber?: string
      format?: string
      pdf: Buffer
      info: LabelInfo
    }
  | { kind: "confirmed"; message: string; info: LabelInfo | null }

export type StatusResult = { total: number; items: ShipmentOrderStatus[] }

const NOT_IMPORTED = /not\s+(yet\s+)?(been\s+)?imported/i
/**
 * A getIdentifier refusal that says the order is not there. The spec shows no HTTP status for it
 * (the sandbox answers 404): an answer of `success: false` that says so is the same fact. Narrow on
 * purpose: taken for "not found", an order that exists would be created a second time.
 */
const ORDER_NOT_FOUND = /\border\b[^.;]*\bnot\s+(been\s+)?found\b|\bno\s+(such\s+)?order\b|\border\b[^.;]*\bdoes\s+not\s+exist\b/i
const PDF_MAGIC = "%PDF-"
const MAX_BODY_BYTES = 20 * 1024 * 1024

type Envelope = z.output<typeof envelopeSchema>

/**
 * Typed client for every operation of the Shipment Orders Service.
 *
 * Reads and state-idempotent calls are retried with exponential backoff and
 * jitter; `create`, `updateTracking` and `sendVerificationCode` are not. Every
 * failure is one of the `ShipmentOrders*Error` classes, never a raw axios
 * error, and none of them carries the API key.
 */
export class ShipmentOrdersClient {
  readonly #options: Omit<ResolvedClientOptions, "apiKey">
  readonly #apiKey: string
  readonly #http: AxiosInstance
  readonly #logger?: ShipmentOrdersLogger
  readonly #onCall?: ServiceCallListener

  constructor(options: ShipmentOrdersClientOptions) {
    const parsed = clientOptionsSchema.safeParse(options)
    if (!parsed.success) {
      throw new TypeError(
        `Invalid Shipment Orders client options: ${describeIssues(parsed.error).join("; ")}`
      )
    }
    const { apiKey, ...rest } = parsed.data
    this.#apiKey = apiKey
    this.#options = rest
    this.#logger = options.logger
    this.#onCall = options.onCall
    this.#http = this.#createHttp()
  }

  get merchantCode(): string {
    return this.#options.merchantCode
  }

  /** Creates a shipment order. Never retried: after an unavailable error, reconcile with getIdentifier. */
  async create(input: CreateShipmentOrderInput): Promise<CreatedShipmentOrder> {
    const body = this.#validate("create", {
      ...input,
      orderNumberRif: input.orderNumberRif ?? input.orderNumber,
    })
    const response = await this.#callJson("create", body, createResponseSchema)
    if (!response.data?.orderReferenceCode) {
      throw new ShipmentOrdersProtocolError({
        operation: "create",
        problem: "success without data.orderReferenceCode",
      })
    }
    return {
      orderReferenceCode: response.data.orderReferenceCode,
      pickupPointPublicCode: response.data.pickupPointPublicCode,
      message: response.message,
    }
  }

  /** Cancels an order; refused by the service once a label exists or the shipment is confirmed. */
  async cancel(input: CancelRequest): Promise<{ message: string }> {
    const body = this.#validate("cancel", input)
    const { message } = await this.#callJson("cancel", body, envelopeSchema)
    return { message }
  }

  /** The reference code of an order by its number, or null when the service does not know it. */
  async getIdentifier(orderNumber: string): Promise<{ orderReferenceCode: string } | null> {
    const query = this.#validate("getIdentifier", { orderNumber })
    try {
      const response = await this.#callJson("getIdentifier", query, getIdentifierResponseSchema)
      if (!response.data?.orderReferenceCode) {
        throw new ShipmentOrdersProtocolError({
          operation: "getIdentifier",
          problem: "success without data.orderReferenceCode",
        })
      }
      return { orderReferenceCode: response.data.orderReferenceCode }
    } catch (error) {
      if (error instanceof ShipmentOrderNotFoundError) {
        return null
      }
      throw error
    }
  }

  /**
   * Generates the label (DELIVERY) or confirms the shipment (STORAGE).
   * `onceOnly` retries only an attempt the service surely did not act on
   * (429, 503, a refused connection): for a STORAGE merchant a repeated
   * call tells the pickup point again. After an unknown outcome, look the
   * shipment's status up instead.
   */
  async generateLabel(input: GenerateLabelRequest, options: { onceOnly?: boolean } = {}): Promise<GenerateLabelResult> {
    const body = this.#validate("generateLabel", input)
    const { message, data } = await this.#callJson(
      "generateLabel",
      body,
      generateLabelResponseSchema,
      options.onceOnly ? new AttemptState({ retryUnknownOutcome: false }) : undefined
    )
    if (!data?.label?.data) {
      return { kind: "confirmed", message, info: data ?? null }
    }
    const pdf = Buffer.from(data.label.data, "base64")
    if (!pdf.subarray(0, PDF_MAGIC.length).toString("latin1").startsWith(PDF_MAGIC)) {
      throw new ShipmentOrdersProtocolError({
        operation: "generateLabel",
        problem: "label.data is not a base64-encoded PDF",
      })
    }
    return {
      kind: "label",
      message,
      trackingNumber: data.label.trackingNumber,
      format: data.label.format,
      pdf,
      info: data,
    }
  }

  /** The label PDF of an order whose label was already generated. */
  async downloadLabel(orderReferenceCode: string): Promise<Buffer> {
    const query = this.#validate("downloadLabel", {
      orderReferenceCode,
    })
    return this.#exchange("downloadLabel", query, "arraybuffer", (response) => {
      const body = Buffer.from(response.data as ArrayBuffer)
      if (body.subarray(0, PDF_MAGIC.length).toString("latin1") === PDF_MAGIC) {
        return body
      }
      // The spec documents a JSON envelope for this operation too; a refusal may come as one.
      const envelope = this.#parse("downloadLabel", response.status, body.toString("utf8"), envelopeSchema)
      this.#assertSuccess("downloadLabel", response.status, envelope)
      throw new ShipmentOrdersProtocolError({
        operation: "downloadLabel",
        httpStatus: response.status,
        problem: "expected a PDF file, got a JSON envelope without one",
      })
    })
  }

  /** Status and tracking of one or more orders, each named by reference code or order number. */
  async status(orders: OrderIdentifierRequest[]): Promise<StatusResult> {
    const body = this.#validate("status", { request: orders })
    const { total, items } = await this.#callJson("status", body, statusResponseSchema)
    return { total: total ?? items.length, items }
  }

  /** Moves an order's tracking on; ST_0007 at a point that requires it needs `verificationCode`. */
  async updateTracking(input: UpdateTrackingRequest): Promise<{ message: string }> {
    const body = this.#validate("updateTracking", input)
    const { message } = await this.#callJson("updateTracking", body, envelopeSchema)
    return { message }
  }

  /** Has the service e-mail the pickup verification code to the order's customer. */
  async sendVerificationCode(orderReferenceCode: string): Promise<{ message: string }> {
    const body = this.#validate("sendVerificationCode", {
      orderReferenceCode,
    })
    const { message } = await this.#callJson("sendVerificationCode", body, envelopeSchema)
    return { message }
  }

  #createHttp(): AxiosInstance {
    const http = axios.create({
      baseURL: `${this.#options.baseUrl.replace(/\/+$/, "")}${SHIPMENT_API_PATH}`,
      maxContentLength: MAX_BODY_BYTES,
      maxRedirects: 0,
      // Bodies are parsed here, so that a malformed one becomes a protocol error.
      transformResponse: [(data: unknown) => data],
    })

    // Credentials are added per request from a private field, so they are never
    // part of the instance defaults nor of anything this class exposes.
    http.interceptors.request.use((config) => {
      const attempt = attemptOf(config)
      if (attempt) {
        attempt.number += 1
        attempt.startedAt = Date.now()
      }
      config.headers.set(this.#options.authHeaders.merchantCode, this.#options.merchantCode)
      config.headers.set(this.#options.authHeaders.apiKey, this.#apiKey)
      // A hard deadline per attempt: unlike a socket idle timeout, it also ends a trickling answer.
      config.signal = AbortSignal.timeout(deadlineOf(config))
      return config
    })

    axiosRetry(http, {
      retries: this.#options.retries,
      retryCondition: (error) =>
        transientReason(error) !== null && (attemptOf(error.config ?? {})?.retryUnknownOutcome !== false || !isOutcomeUnknownAttempt(error)),
      retryDelay: (attempt, error) =>
        Math.min(
          Math.max(backoffMs(attempt, this.#options.retryBaseDelayMs), retryAfter(error)),
          this.#options.retryMaxDelayMs
        ),
      onRetry: (attempt, error, config) => {
        // The spent deadline would make axios-retry skip the backoff; the interceptor sets a new one.
        config.signal = undefined
        const state = attemptOf(config)
        // Remembered for the error the call ends with: a timeout the service may have acted on, then a 503, is not "nothing happened".
        if (state && isOutcomeUnknownAttempt(error)) state.outcomeUnknown = true
        this.#report({
          operation: operationOf(config),
          http_status: error.response?.status ?? null,
          duration_ms: state ? Date.now() - state.startedAt : 0,
          outcome: outcomeOfReason(transientReason(error)),
          attempt: state?.number ?? attempt,
          retried: true,
        })
        this.#logger?.warn?.(
          `[shipment-orders] ${operationOf(config)} attempt ${attempt} failed ` +
            `(${transientReason(error)}); retrying`
        )
      },
    })
    return http
  }

  #validate<Op extends ShipmentOperation>(operation: Op, input: unknown): RequestOf<Op> {
    const parsed = requestSchemas[operation].safeParse(input)
    if (!parsed.success) {
      throw new ShipmentOrdersInvalidRequestError(operation, describeIssues(parsed.error))
    }
    return parsed.data as RequestOf<Op>
  }

  async #callJson<S extends z.ZodType<Envelope>>(
    operation: ShipmentOperation,
    payload: object,
    schema: S,
    attempt?: AttemptState
  ): Promise<z.output<S>> {
    return this.#exchange(operation, payload, "text", (response) => {
      const body = this.#parse(operation, response.status, response.data as string, schema)
      this.#assertSuccess(operation, response.status, body)
      return body
    }, attempt)
  }

  /**
   * One call: sends it (with its retries), reads the answer, and reports
   * the last attempt to `onCall` as the caller sees it (a 200 whose envelope
   * says `success: false` is `refused`). Retried attempts are reported as
   * they are retried.
   */
  async #exchange<T>(
    operation: ShipmentOperation,
    payload: object,
    responseType: "text" | "arraybuffer",
    read: (response: AxiosResponse) => T,
    attempt = new AttemptState()
  ): Promise<T> {
    let httpStatus: number | null = null
    try {
      const response = await this.#send(operation, payload, responseType, attempt)
      httpStatus = response.status
      const result = read(response)
      this.#reportLast(operation, attempt, httpStatus, "ok")
      return result
    } catch (error) {
      const known = error instanceof ShipmentOrdersError ? error : undefined
      this.#reportLast(operation, attempt, known?.httpStatus ?? httpStatus, outcomeOf(known))
      throw error
    }
  }

  #reportLast(operation: ShipmentOperation, attempt: AttemptState, httpStatus: number | null, outcome: ServiceCallOutcome): void {
    this.#report({
      operation,
      http_status: httpStatus,
      duration_ms: Date.now() - attempt.startedAt,
      outcome,
      attempt: Math.max(attempt.number, 1),
      retried: false,
    })
  }

  /** Tells the listener of an attempt; a listener's failure never reaches the call. */
  #report(call: Parameters<typeof serviceCallRecord>[0]): void {
    if (!this.#onCall) return
    try {
      this.#onCall(serviceCallRecord({ ...call, at: new Date() }))
    } catch {
      // The call log is best effort.
    }
  }

  async #send(
    operation: ShipmentOperation,
    payload: object,
    responseType: "text" | "arraybuffer",
    attempt: AttemptState
  ): Promise<AxiosResponse> {
    const isGet = GET_OPERATIONS.has(operation)
    const started = Date.now()
    try {
      const response = await this.#http.request({
        url: `/${operation}`,
        method: isGet ? "GET" : "POST",
        params: isGet ? payload : undefined,
        data: isGet ? undefined : payload,
        responseType,
        timeout: 0,
        "axios-retry": { retries: RETRYABLE_OPERATIONS.has(operation) ? this.#options.retries : 0 },
        ...{ [OPERATION_KEY]: operation, [DEADLINE_KEY]: this.#deadlineFor(operation), [ATTEMPT_KEY]: attempt },
      })
      this.#logger?.debug?.(
        `[shipment-orders] ${operation} HTTP ${response.status} in ${Date.now() - started} ms`
      )
      return response
    } catch (error) {
      throw this.#toError(operation, error)
    }
  }

  #deadlineFor(operation: ShipmentOperation): number {
    return operation === "generateLabel" || operation === "downloadLabel"
      ? this.#options.labelTimeoutMs
      : this.#options.timeoutMs
  }

  #parse<S extends z.ZodType>(
    operation: ShipmentOperation,
    httpStatus: number,
    text: string,
    schema: S
  ): z.output<S> {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new ShipmentOrdersProtocolError({ operation, httpStatus, problem: "the body is not valid JSON" })
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new ShipmentOrdersProtocolError({
        operation,
        httpStatus,
        problem: describeIssues(parsed.error).join("; "),
      })
    }
    return parsed.data
  }

  #assertSuccess(operation: ShipmentOperation, httpStatus: number, envelope: Envelope): void {
    if (!envelope.success) {
      throw rejection({ operation, httpStatus, serviceMessage: envelope.message })
    }
  }

  #toError(operation: ShipmentOperation, error: unknown): ShipmentOrdersError {
    if (error instanceof ShipmentOrdersError) {
      return error
    }
    const attempts = attemptsOf(error)
    if (!(error instanceof AxiosError)) {
      return new ShipmentOrdersUnavailableError({
        operation,
        reason: "network",
        outcomeUnknown: true,
        attempts,
        cause: error instanceof Error ? error.name : "unknown error",
      })
    }
    const earlierOutcomeUnknown = attemptOf(error.config ?? {})?.outcomeUnknown ?? false
    const response = error.response
    if (!response) {
      const reason = transientReason(error) ?? "network"
      return new ShipmentOrdersUnavailableError({
        operation,
        reason,
        outcomeUnknown: isOutcomeUnknownAttempt(error) || earlierOutcomeUnknown,
        attempts,
        cause: error.code,
      })
    }
    const status = response.status
    const serviceMessage = messageOf(response.data)
    if (status === 404 && !isEnvelope(response.data)) {
      // Not the service's answer (a proxy's or a load balancer's page, during a deploy): the call did not reach it.
      // Taken for "no such order", an order that exists would be created a second time, or a cancel recorded undone.
      // Its page is no message of the service's: not passed on as one.
      return new ShipmentOrdersUnavailableError({ operation, httpStatus: status, reason: "server_error", outcomeUnknown: earlierOutcomeUnknown, attempts })
    }
    if (status === 401 || status === 403) {
      return new ShipmentOrdersUnauthorizedError({ operation, httpStatus: status, serviceMessage })
    }
    if (status === 429 || status >= 500) {
      return new ShipmentOrdersUnavailableError({
        operation,
        httpStatus: status,
        serviceMessage,
        reason: status === 429 ? "rate_limited" : "server_error",
        outcomeUnknown: isOutcomeUnknownAttempt(error) || earlierOutcomeUnknown,
        attempts,
      })
    }
    return rejection({ operation, httpStatus: status, serviceMessage })
  }
}

const OPERATION_KEY = "shipmentOrdersOperation"
const DEADLINE_KEY = "shipmentOrdersDeadlineMs"
const ATTEMPT_KEY = "shipmentOrdersAttempt"

/**
 * Which attempt of a call is under way and since when; one per call, shared
 * by its retries' configs (a class instance, so that axios' config merge
 * passes it on by reference instead of copying it as it copies plain objects).
 */
class AttemptState {
  number = 0
  startedAt = Date.now()
  /** Whether a retried attempt may have been acted on by the service. */
  outcomeUnknown = false
  /** False: an attempt the service may have acted on is not retried. */
  readonly retryUnknownOutcome: boolean

  constructor(options: { retryUnknownOutcome?: boolean } = {}) {
    this.retryUnknownOutcome = options.retryUnknownOutcome ?? true
  }
}

/** Whether the service may have acted on a failed attempt: no answer once connected, or a server error other than 503. */
function isOutcomeUnknownAttempt(error: AxiosError): boolean {
  if (!error.response) return !NOT_CONNECTED_CODES.includes(error.code ?? "")
  const status = error.response.status
  return status >= 500 && status !== 503
}

/** A refused connection or an unknown host: nothing reached the service. */
const NOT_CONNECTED_CODES = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]

function attemptOf(config: object): AttemptState | undefined {
  return (config as Record<string, unknown>)[ATTEMPT_KEY] as AttemptState | undefined
}

/** How a failed call ended, as the call log names it (the client throws its own errors only; anything else counts as a network error). */
function outcomeOf(error: ShipmentOrdersError | undefined): ServiceCallOutcome {
  if (!error) return "network_error"
  switch (error.code) {
    case "unavailable":
      return outcomeOfReason((error as ShipmentOrdersUnavailableError).reason)
    case "unauthorized":
      return "unauthorized"
    case "not_found":
      return "not_found"
    case "protocol":
      return "protocol_error"
    default:
      return "refused"
  }
}

function outcomeOfReason(reason: UnavailableReason | null): ServiceCallOutcome {
  return reason === "network" || reason === null ? "network_error" : reason
}

function operationOf(config: object): string {
  return String((config as Record<string, unknown>)[OPERATION_KEY] ?? "request")
}

function deadlineOf(config: InternalAxiosRequestConfig): number {
  return Number((config as unknown as Record<string, unknown>)[DEADLINE_KEY]) || 10_000
}

function attemptsOf(error: unknown): number {
  const state = error instanceof AxiosError ? error.config?.["axios-retry"] : undefined
  return 1 + ((state as { retryCount?: number } | undefined)?.retryCount ?? 0)
}

/** Why a failed attempt is worth another one, or null when it is not. */
function transientReason(error: AxiosError): UnavailableReason | null {
  if (error.response) {
    const status = error.response.status
    if (status === 429) return "rate_limited"
    return status >= 500 ? "server_error" : null
  }
  if (
    error.code === "ECONNABORTED" ||
    error.code === "ETIMEDOUT" ||
    (error.code === AxiosError.ERR_CANCELED && error.config?.signal?.aborted)
  ) {
    return "timeout"
  }
  // System errors (ECONNRESET, ECONNREFUSED, EPIPE…) and axios' own network error.
  return error.code === AxiosError.ERR_NETWORK || /^E[A-Z]+$/.test(error.code ?? "")
    ? "network"
    : null
}

function rejection(details: {
  operation: ShipmentOperation
  httpStatus: number
  serviceMessage?: string
}): ShipmentOrdersRejectedError {
  // Not imported first: a service may answer it 404 too, and the order it names exists.
  if (NOT_IMPORTED.test(details.serviceMessage ?? "")) {
    return new ShipmentOrderNotImportedError(details)
  }
  if (details.httpStatus === 404 || (details.operation === "getIdentifier" && ORDER_NOT_FOUND.test(details.serviceMessage ?? ""))) {
    return new ShipmentOrderNotFoundError(details)
  }
  return new ShipmentOrdersRejectedError(details)
}

/** An error body as text (responses are read as text or bytes). */
function textOf(data: unknown): string | undefined {
  return Buffer.isBuffer(data) || data instanceof ArrayBuffer
    ? Buffer.from(data as ArrayBuffer).toString("utf8")
    : typeof data === "string" ? data : undefined
}

/** An error body's JSON object, or undefined when it is not one. */
function jsonObjectOf(data: unknown): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(textOf(data) ?? "") as unknown
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** Whether an error body is the service's JSON envelope, not some other server's page. */
function isEnvelope(data: unknown): boolean {
  return jsonObjectOf(data)?.success !== undefined
}

/** The `message` of an error body when it is a JSON envelope, else a short excerpt. */
function messageOf(data: unknown): string | undefined {
  const body = jsonObjectOf(data)
  if (body) {
    return typeof body.message === "string" ? body.message : undefined
  }
  return textOf(data)?.slice(0, 200) || undefined
}

/**
 * The wait before retry number `attempt` (1 for the first): `baseMs`, doubling with each retry, with
 * up to 20 % jitter. axios-retry's exponentialDelay counts from 1, which would make the first wait
 * twice the option's documented first step.
 */
export function backoffMs(attempt: number, baseMs: number): number {
  return exponentialDelay(attempt - 1, undefined, baseMs)
}
