import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { isPickupPointProvider } from "../../providers/pickup-point/service"
import { generateShipmentLabelWorkflow } from "../generate-shipment-label"

// "Fulfill items" on a pickup-point order makes its label; a failure undoes the fulfillment.
createOrderFulfillmentWorkflow.hooks.fulfillmentCreated(async ({ fulfillment }, { container }) => {
  if (!isPickupPointProvider(fulfillment.provider_id)) {
    return
  }
  await generateShipmentLabelWorkflow(container).run({ input: { fulfillment_id: fulfillment.id } })
})
