import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { format, parse } from "date-fns"
import { carrierClock, type CarrierClock } from "./carrier-clock"
import { renderLabelPdf } from "./label-pdf"
import type { MerchantRequest } from "./merchant-requests"
import { SandboxError } from "./sandbox-error"
import { compactStatusCode, describeStatus, StatusCode } from "./status-codes"
import type {
  SandboxMerchant,
  SandboxOrder,
  SandboxPickupPoint,
  SandboxSeed,
  SandboxWarehouse,
  SentEmail,
  TrackingEvent,
} from "./types"

/** Networks whose shipments get a carrier parcel id (the spec's `metadata.parcelId`). */
const PARCEL_ID_NETWORKS = new Set(["LOCKERNET"])

/**
 * The Shipment Orders Service as the sandbox plays it: merchants, warehouses,
 * pickup points and orders in memory, and every rule of spec sections 1, 3
 * and 7 (docs/shipment-orders-service.md). Methods throw `SandboxError` with
 * the HTTP status the sandbox contract (docs/sandbox.md) fixes for each refusal.
 */
export class SandboxService {
  private merchants = new Map<string, SandboxMerchant>()
  private warehouses = new Map<string, SandboxWarehouse>()
  private pickupPoints = new Map<string, SandboxPickupPoint>()
  private orders = new Map<string, SandboxOrder>()
  private emails: SentEmail[] = []
  private importDelayMs: number
  private readonly clock: CarrierClock

  /** `timeZone`: the carrier's, in which it writes and reads dates and times (see carrier-clock.ts). */
  constructor(
    private readonly initialImportDelayMs: number,
    private readonly seed?: SandboxSeed,
    timeZone?: string
  ) {
    this.importDelayMs = initialImportDelayMs
    this.clock = carrierClock(timeZone)
    this.reset()
  }

  // ---- control ----------------------------------------------------------

  reset(): void {
    this.merchants.clear()
    this.warehouses.clear()
    this.pickupPoints.clear()
    this.orders.clear()
    this.emails = []
    this.importDelayMs = this.initialImportDelayMs
    this.seed?.merchants.forEach((merchant) => this.upsertMerchant(merchant))
    this.seed?.warehouses.forEach((warehouse) => this.upsertWarehouse(warehouse))
    this.seed?.pickupPoints.forEach((point) => this.upsertPickupPoint(point))
  }

  upsertMerchant(merchant: SandboxMerchant): void {
    this.merchants.set(merchant.merchantCode, { ...merchant })
  }

  upsertWarehouse(warehouse: SandboxWarehouse): void {
    if (!this.merchants.has(warehouse.merchantCode)) {
      throw new SandboxError(400, `merchantCode: unknown merchant ${warehouse.merchantCode}`)
    }
    this.warehouses.set(warehouseKey(warehouse.merchantCode, warehouse.code), { ...warehouse })
  }

  upsertPickupPoint(point: SandboxPickupPoint): void {
    this.pickupPoints.set(point.code, { ...point })
  }

  setImportDelay(importDelayMs: number): void {
    this.importDelayMs = importDelayMs
  }

  listOrders(): SandboxOrder[] {
    return [...this.orders.values()]
  }

  findOrder(orderReferenceCode: string): SandboxOrder {
    const order = this.orders.get(orderReferenceCode)
    if (!order) {
      throw new SandboxError(404, `Order ${orderReferenceCode} not found`)
    }
    return order
  }

  /** The service forgets one order, as a carrier that purged or never kept it: its calls answer 404 from then on. */
  forgetOrder(orderReferenceCode: string): SandboxOrder {
    const order = this.findOrder(orderReferenceCode)
    this.orders.delete(orderReferenceCode)
    return order
  }

  isImported(order: SandboxOrder): boolean {
    return Date.now() >= order.importAt
  }

  listEmails(): SentEmail[] {
    return [...this.emails]
  }

  merchantOf(order: SandboxOrder): SandboxMerchant {
    return this.merchants.get(order.merchantCode)!
  }

  /** The network moves the parcel on (control API). */
  recordNetworkStatus(
    orderReferenceCode: string,
    statusCode: string,
    statusDescription: string | undefined,
    source: TrackingEvent["source"]
  ): SandboxOrder {
    const order = this.requireActionable(this.findOrder(orderReferenceCode))
    this.requireNotCancelled(order)
    this.appendTracking(order, {
      statusCode,
      statusDescription: statusDescription ?? describeStatus(statusCode),
      source,
    })
    return order
  }

  // ---- merchant API -----------------------------------------------------

  authenticate(merchantCode: string | undefined, apiKey: string | undefined): SandboxMerchant {
    if (!merchantCode || !apiKey) {
      throw new SandboxError(401, "Missing X-Merchant-Code or X-Api-Key header")
    }
    const merchant = this.merchants.get(merchantCode)
    if (!merchant || !sameSecret(merchant.apiKey, apiKey)) {
      throw new SandboxError(401, "Invalid merchant credentials")
    }
    return merchant
  }

  create(merchant: SandboxMerchant, body: MerchantRequest<"create">) {
    const point = this.pickupPoints.get(body.codePickupPoint)
    if (!point) {
      throw new SandboxError(400, `codePickupPoint: unknown pickup point ${body.codePickupPoint}`)
    }
    if (body.codePickingPoint) {
      this.requireWarehouse(merchant, body.codePickingPoint)
    }
    if (body.insured && !merchant.insuranceEnabled) {
      throw new SandboxError(
        400,
        "insured: the insurance service is not enabled for this merchant"
      )
    }
    const order: SandboxOrder = {
      orderReferenceCode: `SO${randomBytes(5).toString("hex").toUpperCase()}`,
      merchantCode: merchant.merchantCode,
      request: body,
      pickupPointPublicCode: point.publicCode,
      createdAt: new Date().toISOString(),
      importAt: Date.now() + this.importDelayMs,
      warehouseCode: body.codePickingPoint,
      tracking: [],
    }
    this.appendTracking(order, {
      statusCode: StatusCode.REGISTERED,
      statusDescription: describeStatus(StatusCode.REGISTERED),
      source: "service",
    })
    this.orders.set(order.orderReferenceCode, order)
    return {
      orderReferenceCode: order.orderReferenceCode,
      pickupPointPublicCode: point.publicCode,
    }
  }

  /** Works before import too: it is how a merchant finds an order it lost track of. */
  getIdentifier(merchant: SandboxMerchant, orderNumber: string) {
    const order = this.ordersOf(merchant).find((o) => o.request.orderNumber === orderNumber)
    if (!order) {
      throw new SandboxError(404, `No order with orderNumber ${orderNumber}`)
    }
    return { orderReferenceCode: order.orderReferenceCode }
  }

  cancel(merchant: SandboxMerchant, body: MerchantRequest<"cancel">): string {
    const order = this.requireActionable(this.orderOf(merchant, body.orderReferenceCode))
    if (order.cancelledAt) {
      return `Order ${order.orderReferenceCode} was already cancelled`
    }
    if (order.label) {
      throw new SandboxError(409, `Order ${order.orderReferenceCode} cannot be cancelled: its label has been generated`)
    }
    if (order.confirmedAt) {
      throw new SandboxError(409, `Order ${order.orderReferenceCode} cannot be cancelled: its shipment has been confirmed`)
    }
    order.cancelledAt = new Date().toISOString()
    order.cancelNotes = body.notes
    this.appendTracking(order, {
      statusCode: StatusCode.CANCELLED,
      statusDescription: body.notes || describeStatus(StatusCode.CANCELLED),
      source: "merchant",
    })
    return `Order ${order.orderReferenceCode} cancelled`
  }

  /** DELIVERY: a PDF label. STORAGE: a confirmation, no label. Repeating it returns the same result. */
  async generateLabel(merchant: SandboxMerchant, body: MerchantRequest<"generateLabel">) {
    const order = this.requireActionable(this.orderOf(merchant, body.orderReferenceCode))
    this.requireNotCancelled(order)
    const done = merchant.type === "DELIVERY" ? !!order.label : !!order.confirmedAt
    if (!done) {
      const warehouse = this.requireWarehouse(
        merchant,
        body.codePickingPoint ?? order.warehouseCode ?? this.defaultWarehouseCode(merchant)
      )
      const point = this.pickupPoints.get(order.request.codePickupPoint)!
      order.warehouseCode = warehouse.code
      order.trackingNumber = `PP${randomInt(10 ** 9, 10 ** 10 - 1)}IT`
      order.parcelId = PARCEL_ID_NETWORKS.has(point.networkCode)
        ? `PCL-${randomBytes(4).toString("hex").toUpperCase()}`
        : undefined
      if (merchant.type === "DELIVERY") {
        const labelType = body.labelType ?? order.request.labelType
        order.label = {
          format: "PDF",
          labelType,
          generatedAt: new Date().toISOString(),
          pdf: await renderLabelPdf({
            trackingNumber: order.trackingNumber,
            orderNumber: order.request.orderNumber,
            orderReferenceCode: order.orderReferenceCode,
            customerName: order.request.customer,
            networkName: point.networkName,
            labelType,
            warehouse,
            pickupPoint: point,
          }),
        }
      } else {
        order.confirmedAt = new Date().toISOString()
      }
      this.appendTracking(order, {
        statusCode: StatusCode.LABEL_GENERATED,
        statusDescription: merchant.type === "DELIVERY" ? "Label generated" : "Shipment confirmed",
        source: "service",
      })
    }
    return {
      message: merchant.type === "DELIVERY" ? "Label generated" : "Shipment confirmed",
      data: this.labelInfo(order),
    }
  }

  downloadLabel(merchant: SandboxMerchant, orderReferenceCode: string): Buffer {
    const order = this.requireActionable(this.orderOf(merchant, orderReferenceCode))
    if (!order.label) {
      throw new SandboxError(
        409,
        merchant.type === "STORAGE"
          ? `Order ${orderReferenceCode} has no label: shipments of a STORAGE merchant are confirmed, not labelled`
          : `The label of order ${orderReferenceCode} has not been generated`
      )
    }
    return order.label.pdf
  }

  status(merchant: SandboxMerchant, request: MerchantRequest<"status">["request"]) {
    const items = request.map((wanted) => {
      const order = wanted.orderReferenceCode
        ? this.orders.get(wanted.orderReferenceCode)
        : this.ordersOf(merchant).find((o) => o.request.orderNumber === wanted.orderNumber)
      if (!order || order.merchantCode !== merchant.merchantCode) {
        return { success: false, message: "Order not found", order: { ...wanted } }
      }
      if (!this.isImported(order)) {
        return { success: false, message: "Order not imported yet", order: this.orderDetails(order) }
      }
      return {
        success: true,
        message: "OK",
        order: this.orderDetails(order),
        tracking: this.trackingDetails(order),
        metadata: { parcelId: order.parcelId ?? null },
      }
    })
    return { total: items.length, items }
  }

  updateTracking(merchant: SandboxMerchant, body: MerchantRequest<"updateTracking">): void {
    const order = this.requireActionable(this.orderOf(merchant, body.orderReferenceCode))
    this.requireNotCancelled(order)
    const point = this.pickupPoints.get(order.request.codePickupPoint)!
    if (body.statusCode === StatusCode.PICKED_UP && point.requiresVerificationCode) {
      if (!body.verificationCode) {
        throw new SandboxError(
          409,
          `verificationCode is required: pickup point ${point.code} hands parcels over only against the code e-mailed to the customer`
        )
      }
      if (!order.verificationCode || !sameSecret(order.verificationCode, body.verificationCode)) {
        throw new SandboxError(409, "verificationCode is wrong for this order")
      }
    }
    this.appendTracking(order, {
      statusCode: body.statusCode,
      statusDescription: body.statusDescription,
      // The status time a merchant reported, or now.
      at: body.lastUpdateDate ? this.clock.read(body.lastUpdateDate, body.lastUpdateTime).toISOString() : undefined,
      source: "merchant",
      networkStatusCode: body.networkStatusCode,
      networkStatusReason: body.networkStatusReason,
      trackingCode: body.trackingCode,
    })
  }

  /** E-mails the order's verification code; a resend repeats the same code so an earlier e-mail stays valid. */
  sendVerificationCode(merchant: SandboxMerchant, orderReferenceCode: string): string {
    const order = this.requireActionable(this.orderOf(merchant, orderReferenceCode))
    this.requireNotCancelled(order)
    if (order.tracking.some((event) => event.statusCode === StatusCode.PICKED_UP)) {
      throw new SandboxError(409, `Order ${orderReferenceCode} has already been picked up`)
    }
    order.verificationCode ??= String(randomInt(0, 1_000_000)).padStart(6, "0")
    this.emails.push({
      to: order.request.customerEmail,
      orderReferenceCode,
      code: order.verificationCode,
      sentAt: new Date().toISOString(),
    })
    return "Verification code sent to the customer's e-mail address"
  }

  // ---- helpers ----------------------------------------------------------

  private ordersOf(merchant: SandboxMerchant): SandboxOrder[] {
    return [...this.orders.values()].filter((o) => o.merchantCode === merchant.merchantCode)
  }

  /** Another merchant's order is reported exactly like a missing one. */
  private orderOf(merchant: SandboxMerchant, orderReferenceCode: string): SandboxOrder {
    const order = this.orders.get(orderReferenceCode)
    if (!order || order.merchantCode !== merchant.merchantCode) {
      throw new SandboxError(404, `Order ${orderReferenceCode} not found`)
    }
    return order
  }

  private requireActionable(order: SandboxOrder): SandboxOrder {
    if (!this.isImported(order)) {
      throw new SandboxError(
        409,
        `Order ${order.orderReferenceCode} has not been imported yet; retry shortly`
      )
    }
    return order
  }

  private requireNotCancelled(order: SandboxOrder): void {
    if (order.cancelledAt) {
      throw new SandboxError(409, `Order ${order.orderReferenceCode} is cancelled`)
    }
  }

  private requireWarehouse(merchant: SandboxMerchant, code: string | undefined): SandboxWarehouse {
    const warehouse = code ? this.warehouses.get(warehouseKey(merchant.merchantCode, code)) : undefined
    if (!warehouse) {
      throw new SandboxError(
        400,
        code
          ? `codePickingPoint: unknown warehouse ${code} for this merchant`
          : "codePickingPoint: the merchant has no warehouse to ship from"
      )
    }
    return warehouse
  }

  private defaultWarehouseCode(merchant: SandboxMerchant): string | undefined {
    return [...this.warehouses.values()].find((w) => w.merchantCode === merchant.merchantCode)?.code
  }

  private appendTracking(
    order: SandboxOrder,
    event: Omit<TrackingEvent, "at"> & { at?: string }
  ): void {
    order.tracking.push({ ...event, at: event.at ?? new Date().toISOString() })
  }

  private orderDetails(order: SandboxOrder) {
    return {
      orderReferenceCode: order.orderReferenceCode,
      orderNumber: order.request.orderNumber,
      // The status response writes yyyyMMdd, as the spec's sample does.
      orderDate: order.request.orderDate,
      reference: order.request.reference,
    }
  }

  private trackingDetails(order: SandboxOrder) {
    const last = order.tracking[order.tracking.length - 1]
    const at = this.clock.write(new Date(last.at))
    const pickedUp = last.statusCode === StatusCode.PICKED_UP
    return {
      number: order.trackingNumber ?? null,
      // As in the spec's sample: a compact code string, not the documented number.
      status: compactStatusCode(last.statusCode),
      statusDescription: last.statusDescription,
      externalStatusCode: last.networkStatusCode ?? null,
      externalStatusDescription: last.networkStatusReason ?? null,
      lastUpdateDate: at.date,
      lastUpdateTime: at.time,
      deliveryDate: pickedUp ? at.date : null,
      deliveryTime: pickedUp ? at.time : null,
    }
  }

  private labelInfo(order: SandboxOrder) {
    const point = this.pickupPoints.get(order.request.codePickupPoint)!
    const warehouse = this.warehouses.get(warehouseKey(order.merchantCode, order.warehouseCode!))!
    return {
      customer: {
        name: order.request.customer,
        email: order.request.customerEmail,
        phone: order.request.customerPhone,
      },
      order: {
        orderReferenceCode: order.orderReferenceCode,
        orderNumber: order.request.orderNumber,
        // The order's own date (sent as yyyyMMdd), written as the LabelOrder table says.
        orderDate: format(parse(order.request.orderDate, "yyyyMMdd", new Date()), "dd/MM/yyyy"),
        serviceCode: "PUDO_STANDARD",
      },
      pickupPoint: {
        code: point.code,
        name: point.name,
        address: point.address,
        city: point.city,
        zipcode: point.zipcode,
        department: point.department,
        country: point.country,
      },
      network: { code: point.networkCode, name: point.networkName },
      // The spec's sample says `description` where its table says `name`; the sandbox answers like the sample.
      warehouse: {
        code: warehouse.code,
        description: warehouse.name,
        address: warehouse.address,
        city: warehouse.city,
        zipcode: warehouse.zipcode,
        department: warehouse.department,
        country: warehouse.country,
      },
      ...(order.label && order.trackingNumber
        ? {
            label: {
              format: order.label.format,
              trackingNumber: order.trackingNumber,
              data: order.label.pdf.toString("base64"),
            },
          }
        : {}),
      metadata: { parcelId: order.parcelId ?? null },
    }
  }
}

function warehouseKey(merchantCode: string, code: string): string {
  return `${merchantCode}\u0000${code}`
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

