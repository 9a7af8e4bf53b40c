import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PickupPointFulfillmentService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, {
  services: [PickupPointFulfillmentService],
})
