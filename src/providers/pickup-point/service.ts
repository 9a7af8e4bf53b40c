import type { Logger } from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { ShipmentOrdersClient } from "../../lib/shipment-orders"
import { parseProviderOptions, type PickupPointProviderOptions, type ResolvedProviderOptions } from "./options"

type InjectedDependencies = { logger: Logger }

/** The fulfillment option a shipping option is created from; the chosen point travels in the method's data. */
export const PICKUP_POINT_OPTION = { id: "pickup-point", name: "Pickup point (shopper chooses)" }

/**
 * Fulfillment provider for pickup-point delivery through the Shipment Orders
 * Service. Methods this class does not override throw the base class's
 * "must be overridden" error rather than pretend to work.
 */
export class PickupPointFulfillmentService extends AbstractFulfillmentProviderService {
  static identifier = "pickup-point"

  protected readonly options_: ResolvedProviderOptions
  protected readonly client_: ShipmentOrdersClient

  /** Called by Medusa when the provider loads: a misconfigured store fails at start-up, not at checkout. */
  static validateOptions(options: Record<string, unknown>): void {
    try {
      parseProviderOptions(options)
    } catch (error) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, (error as Error).message)
    }
  }

  constructor({ logger }: InjectedDependencies, options: PickupPointProviderOptions) {
    super()
    this.options_ = parseProviderOptions(options)
    this.client_ = new ShipmentOrdersClient({ ...this.options_, logger })
  }

  async getFulfillmentOptions() {
    return [PICKUP_POINT_OPTION]
  }

  async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return data.id === PICKUP_POINT_OPTION.id
  }

  async canCalculate(): Promise<boolean> {
    return false
  }
}
