import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ServiceCall, ServiceCallListener } from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type { ResolvedPluginOptions } from "../../modules/pickup-point/options"
import type PickupPointModuleService from "../../modules/pickup-point/service"

/** Calls wait at most this long before they are written, together. */
const FLUSH_AFTER_MS = 250
/** Calls held while the database cannot take them; past this the oldest go (the log is a view, not a ledger). */
const MAX_PENDING = 1000

/**
 * The Health page's call log, fed by the client's `onCall`: a call is only
 * pushed onto a list (the carrier call never waits for the database), and
 * the list is written in one insert a moment later. A failed write is
 * logged and dropped; it never reaches a carrier call.
 */
export class ServiceCallLog {
  readonly #pickupPoints: PickupPointModuleService
  readonly #logger: Logger
  #pending: ServiceCall[] = []
  #timer: NodeJS.Timeout | undefined

  constructor(container: MedusaContainer) {
    this.#pickupPoints = container.resolve(PICKUP_POINT_MODULE)
    this.#logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  }

  readonly listener: ServiceCallListener = (call) => {
    if (this.#pending.length >= MAX_PENDING) this.#pending.shift()
    this.#pending.push(call)
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_AFTER_MS)
      this.#timer.unref()
    }
  }

  /** Writes what is pending now; never throws. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const batch = this.#pending.splice(0)
    if (!batch.length) return
    try {
      await this.#pickupPoints.recordServiceCalls(batch)
    } catch (error) {
      this.#logger.warn(`[pickup-point] ${batch.length} call(s) to the service left out of the call log: ${error instanceof Error ? error.name : "unknown error"}`)
    }
  }
}

const logs = new WeakMap<ResolvedPluginOptions, ServiceCallLog>()

/** The call log of the plugin's module in this container: one per set of options, like the client. */
export function serviceCallLog(container: MedusaContainer): ServiceCallLog {
  const { options } = container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
  let log = logs.get(options)
  if (!log) {
    log = new ServiceCallLog(container)
    logs.set(options, log)
  }
  return log
}
