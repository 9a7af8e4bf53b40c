import axios, { type AxiosInstance } from "axios"
import {
  ShipmentOrdersClient,
  type CreateShipmentOrderInput,
  type ShipmentOrdersClientOptions,
} from "../src/lib/shipment-orders"
import { startSandbox, type RecordedCall, type SandboxMerchant, type SandboxOrder } from "../src/sandbox"

export const MERCHANTS = {
  delivery: {
    merchantCode: "M-DELIVERY",
    apiKey: "key-delivery-9f2c41d7",
    type: "DELIVERY",
    insuranceEnabled: true,
  },
  storage: {
    merchantCode: "M-STORAGE",
    apiKey: "key-storage-5a8e03b1",
    type: "STORAGE",
    insuranceEnabled: false,
  },
  other: {
    merchantCode: "M-OTHER",
    apiKey: "key-other-77d0c2aa",
    type: "DELIVERY",
    insuranceEnabled: true,
  },
} satisfies Record<string, SandboxMerchant & { merchantCode: string; apiKey: string }>

type Credentials = { merchantCode: string; apiKey: string }

/** An order as `GET /__sandbox/orders` answers it: JSON, with the label PDF reduced to its size. */
export type SandboxOrderView = Omit<SandboxOrder, "label"> & {
  imported: boolean
  label: { format: string; labelType?: string; generatedAt: string; bytes: number } | null
}

export const POINTS = {
  open: "PP-OPEN",
  withCode: "PP-CODE",
}

export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>

/**
 * A sandbox on a free loopback port, loaded through its control API with three
 * merchants (one warehouse each) and two pickup points, one of which requires
 * a verification code. `reset()` restores exactly that state.
 */
export async function startTestSandbox() {
  const sandbox = await startSandbox({ port: 0, importDelayMs: 0 })
  const control = axios.create({
    baseURL: `${sandbox.url}/__sandbox`,
    validateStatus: () => true,
  })

  const load = async () => {
    await control.post("/reset")
    for (const merchant of Object.values(MERCHANTS)) {
      await control.post("/merchants", merchant)
      await control.post("/warehouses", {
        merchantCode: merchant.merchantCode,
        code: `WH-${merchant.merchantCode}`,
        name: `Warehouse of ${merchant.merchantCode}`,
        address: "Via Roma 1",
        city: "Milano",
        zipcode: "20121",
        department: "MI",
        country: "IT",
      })
    }
    for (const [code, requiresVerificationCode] of [
      [POINTS.open, false],
      [POINTS.withCode, true],
    ] as const) {
      await control.post("/pickup-points", {
        code,
        publicCode: `PUB-${code}`,
        name: `Point ${code}`,
        address: "Corso Italia 10",
        city: "Milano",
        zipcode: "20122",
        department: "MI",
        country: "IT",
        networkCode: "PUDO",
        networkName: "PUDO Network",
        requiresVerificationCode,
      })
    }
  }
  await load()

  return {
    url: sandbox.url,
    control,
    close: sandbox.close,
    reset: load,
    client(
      merchant: Credentials = MERCHANTS.delivery,
      options: Partial<ShipmentOrdersClientOptions> = {}
    ) {
      return new ShipmentOrdersClient({
        baseUrl: sandbox.url,
        merchantCode: merchant.merchantCode,
        apiKey: merchant.apiKey,
        retryBaseDelayMs: 10,
        ...options,
      })
    },
    /** A raw HTTP client for the merchant API, answering every status instead of throwing. */
    raw(merchant: Credentials = MERCHANTS.delivery): AxiosInstance {
      return axios.create({
        baseURL: `${sandbox.url}/platform-api-server/api/merchant/shipment`,
        headers: { "X-Merchant-Code": merchant.merchantCode, "X-Api-Key": merchant.apiKey },
        validateStatus: () => true,
      })
    },
    async fault(operation: string, kind: string, times = 1) {
      const response = await control.post("/faults", { operation, kind, times })
      if (response.status !== 201) throw new Error(JSON.stringify(response.data))
    },
    async calls(operation?: string): Promise<RecordedCall[]> {
      const { data } = await control.get("/calls")
      return data.calls.filter((c: RecordedCall) => !operation || c.operation === operation)
    },
    async orders(): Promise<SandboxOrderView[]> {
      return (await control.get("/orders")).data.orders
    },
    async emails(): Promise<{ to: string; orderReferenceCode: string; code: string }[]> {
      return (await control.get("/emails")).data.emails
    },
    async setImportDelay(importDelayMs: number) {
      await control.patch("/settings", { importDelayMs })
    },
  }
}

/** A client of any running sandbox (a seeded one, say) for the given merchant. */
export function clientFor(baseUrl: string, merchant: Credentials, options: Partial<ShipmentOrdersClientOptions> = {}) {
  return new ShipmentOrdersClient({ baseUrl, ...merchant, ...options })
}

/**
 * Registers the jest hooks that give a spec file one test sandbox, reset
 * before each test, and returns it (filled in once `beforeAll` has run).
 */
export function useTestSandbox(): TestSandbox {
  const handle = {} as TestSandbox
  beforeAll(async () => {
    Object.assign(handle, await startTestSandbox())
  })
  afterAll(async () => {
    await handle.close?.()
  })
  beforeEach(async () => {
    await handle.reset()
  })
  return handle
}

let sequence = 0

/** A create request that satisfies the spec, with a fresh order number. */
export function orderInput(overrides: Partial<CreateShipmentOrderInput> = {}): CreateShipmentOrderInput {
  sequence += 1
  const orderNumber = `TEST-${Date.now()}-${sequence}`
  return {
    customer: "Maria Bianchi",
    customerEmail: "maria.bianchi@example.com",
    customerPhone: "+39 333 1234567",
    orderNumber,
    reference: `ref-${orderNumber}`,
    orderDate: "20261122",
    description: "Order of 2 items",
    codePickupPoint: POINTS.open,
    grossWeight: 1.2,
    goodsValue: 59.9,
    currencyGoodsValue: "EUR",
    proximityPrice: 4.9,
    orderCountInCurrentYear: 3,
    rows: [
      { productCode: "SKU-1", description: "Sneakers", grossWeight: 0.9, volume: "4000" },
      { productCode: "SKU-2", description: "Socks", grossWeight: 0.3 },
    ],
    ...overrides,
  }
}
