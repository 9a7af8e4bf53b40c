import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../../modules/pickup-point/service"
import { handlePlatformConfirmationWorkflow } from "../../../../../../../workflows/handle-platform-confirmation"
import { deliveryView } from "../../route"

/**
 * Runs a stored delivery whose processing failed or found no shipment
 * through the webhook's own workflow again (its payload was authenticated
 * when it arrived), and answers the delivery with its new verdict. 404 for
 * an unknown id, 400 (not_allowed) when the delivery did not fail (applied, unchanged,
 * being processed, or unreadable).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result, errors } = await handlePlatformConfirmationWorkflow(req.scope).run({
    input: { delivery_id: req.params.id },
    throwOnError: false,
  })
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  if (errors.length) {
    // The cause goes to the server log (the error's message: payloads and keys are not in it).
    const cause = errors[0].error as { message?: string } | undefined
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`pickup-point: reprocessing webhook delivery ${req.params.id} failed: ${cause?.message ?? String(cause)}`)
    // A failure after the status was recorded (telling Medusa, announcing it) leaves the delivery applied.
    const after = await pickupPoints
      .listPickupPointWebhookDeliveries({ id: req.params.id }, { take: 1, select: ["verdict"] })
      .then(([delivery]) => delivery?.verdict)
      .catch(() => undefined)
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      after === "applied"
        ? "The status was recorded, but a step after it failed (telling Medusa the fulfillment shipped or was delivered, or announcing the change); check the server log for the cause. The tracking sync applies the fulfillment's state again."
        : "Reprocessing failed again and the delivery stays failed; check the server log for the cause, fix it, then reprocess it again."
    )
  }
  if (result.http_status === 404) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, result.message)
  }
  if (result.http_status === 409) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, result.message)
  }
  const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ id: req.params.id }, { take: 1 })
  res.json({ verdict: result.verdict, message: result.message, delivery: deliveryView(delivery) })
}
