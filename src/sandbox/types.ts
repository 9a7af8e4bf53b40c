import type { MerchantRequest } from "./merchant-requests"

export type MerchantType = "DELIVERY" | "STORAGE"

export type SandboxMerchant = {
  merchantCode: string
  apiKey: string
  type: MerchantType
  insuranceEnabled: boolean
  webhookUrl?: string
}

/** What a warehouse and a pickup point both have: a code, a name and an address. */
type Place = {
  code: string
  name: string
  address: string
  city: string
  zipcode: string
  department: string
  country: string
}

export type SandboxWarehouse = Place & { merchantCode: string }

export type SandboxPickupPoint = Place & {
  publicCode: string
  networkCode: string
  networkName: string
  requiresVerificationCode: boolean
}

export type TrackingEvent = {
  statusCode: string
  statusDescription: string
  /** ISO timestamp of the status, as reported or as recorded. */
  at: string
  source: "service" | "merchant" | "network" | "platform"
  networkStatusCode?: string
  networkStatusReason?: string
  trackingCode?: string
}

export type SandboxOrder = {
  orderReferenceCode: string
  merchantCode: string
  request: MerchantRequest<"create">
  pickupPointPublicCode: string
  createdAt: string
  /** Epoch ms at which the asynchronous import completes. */
  importAt: number
  warehouseCode?: string
  trackingNumber?: string
  parcelId?: string
  label?: { format: string; labelType?: string; generatedAt: string; pdf: Buffer }
  confirmedAt?: string
  cancelledAt?: string
  cancelNotes?: string
  verificationCode?: string
  tracking: TrackingEvent[]
}

export type SentEmail = {
  to: string
  orderReferenceCode: string
  code: string
  sentAt: string
}

export type SandboxSeed = {
  merchants: SandboxMerchant[]
  warehouses: SandboxWarehouse[]
  pickupPoints: SandboxPickupPoint[]
}
