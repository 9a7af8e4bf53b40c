import { Module } from "@medusajs/framework/utils"
import PickupPointModuleService from "./service"

export const PICKUP_POINT_MODULE = "pickupPoint"

export default Module(PICKUP_POINT_MODULE, {
  service: PickupPointModuleService,
})
