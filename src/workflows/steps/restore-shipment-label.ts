import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { shipmentOrdersClient } from "../utils/shipment-orders-client"
import { toMedusaError } from "../utils/to-medusa-error"

export const restoreShipmentLabelStepId = "pickup-point-restore-shipment-label"

/**
 * Gets a labelled shipment's label again from the service (downloadLabel)
 * when the stored copy is gone or cannot be read, and keeps it as the
 * shipment's label. The service gives the label it made: nothing new is
 * made on its side. The lost or damaged copy is deleted once the new one is
 * the shipment's; the new one is deleted again if a later step fails.
 */
export const restoreShipmentLabelStep = createStep(
  restoreShipmentLabelStepId,
  async (input: { shipment_id: string }, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const shipment = await pickupPoints.retrievePickupPointShipment(input.shipment_id)
    if (shipment.status !== "label_generated" || !shipment.order_reference_code) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${shipment.id} has no label on the carrier's side (${shipment.status}).`)
    }
    const pdf = await shipmentOrdersClient(container)
      .downloadLabel(shipment.order_reference_code)
      .catch((error) => {
        throw toMedusaError(error, `The stored label of ${shipment.order_number} could not be read, and the carrier did not give it again`)
      })
    const labelId = await pickupPoints.storeLabelPdf(shipment.id, pdf.toString("base64"))
    await pickupPoints.updatePickupPointShipments({ id: shipment.id, label_file_id: labelId })
    // The damaged copy, when it was the plugin's own (an earlier version's is the File Module's).
    if (shipment.label_file_id) {
      await pickupPoints.deletePickupPointLabels(shipment.label_file_id).catch(() => undefined)
    }
    return new StepResponse({ label_file_id: labelId, pdf_base64: pdf.toString("base64") }, labelId)
  },
  async (labelId, { container }) => {
    if (labelId) {
      await container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE).deletePickupPointLabels(labelId)
    }
  }
)
