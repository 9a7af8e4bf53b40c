import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"

export const storeLabelFileStepId = "pickup-point-store-label-file"

/** Where an admin gets a shipment's label: the plugin's authenticated route, the only way to it. */
export const adminLabelPath = (shipmentId: string) => `/admin/pickup-point/shipments/${shipmentId}/label`

/**
 * Keeps a label PDF in the plugin's own table, not with the File Module:
 * whatever file provider a store uses, a label then has no URL of its own
 * (Medusa's local provider, for one, serves "private" files publicly under
 * a guessable name). The `url` answered is the admin route. Deleted again
 * if a later step fails, unless the shipment's record of it landed first.
 */
export const storeLabelFileStep = createStep(
  storeLabelFileStepId,
  async (input: { shipment_id: string; pdf_base64: string | null }, { container }) => {
    if (!input.pdf_base64) {
      return new StepResponse(null, null)
    }
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const id = await pickupPoints.storeLabelPdf(input.shipment_id, input.pdf_base64)
    return new StepResponse({ id, url: adminLabelPath(input.shipment_id) }, { id, shipment_id: input.shipment_id })
  },
  async (label, { container }) => {
    if (!label) return
    const pickupPoints = container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
    // Recorded on the shipment before a later step failed (the fulfillment's update, say), the label
    // stays: the shipment names it, and the next "Fulfill items" takes the shipment over with it.
    const [shipment] = await pickupPoints.listPickupPointShipments({ id: label.shipment_id }, { select: ["id", "label_file_id"], take: 1 })
    if (shipment?.label_file_id === label.id) return
    await pickupPoints.deletePickupPointLabels(label.id)
  }
)
