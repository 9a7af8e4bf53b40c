import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ShipmentOrdersClient } from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type { ResolvedPluginOptions } from "../../modules/pickup-point/options"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { serviceCallLog } from "./service-call-log"

const clients = new WeakMap<ResolvedPluginOptions, ShipmentOrdersClient>()

/**
 * The one way the plugin reaches the service: a client made from the plugin
 * options the module checked at start-up, one per set of options (so its
 * connection pool is shared by every workflow of the process). Every
 * attempt of every call goes to the Health page's call log.
 */
export function shipmentOrdersClient(container: MedusaContainer): ShipmentOrdersClient {
  const { options } = container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
  let client = clients.get(options)
  if (!client) {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    client = new ShipmentOrdersClient({ ...options, logger, onCall: serviceCallLog(container).listener })
    clients.set(options, client)
  }
  return client
}
