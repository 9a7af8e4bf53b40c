import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { processPlatformConfirmation } from "../utils/platform-confirmation"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const reprocessStalledWebhookDeliveriesStepId = "pickup-point-reprocess-stalled-webhook-deliveries"

/** Deliveries taken per run: a process dies with the few it was processing, not with thousands. */
const STALLED_PER_RUN = 100

/**
 * Processes again the webhook deliveries whose processor died before it
 * settled them (a deploy, a crash), and those whose processing failed in
 * the last day (one whose body was unreadable, with nothing kept to process,
 * is settled as refused): a redelivery that came meanwhile was answered as a
 * duplicate, and the platform may never send another, so nobody else
 * would. Each is claimed
 * as an admin's reprocess is (one winner across processes) and applied
 * from what was kept of it at its claim. One that fails is logged with the
 * verdict processing stored (`failed`: the Health page's "Reprocess") and
 * the run goes on; so does the sync after it when this step cannot read. No
 * compensation: each delivery's verdict is its record.
 */
export const reprocessStalledWebhookDeliveriesStep = createStep(reprocessStalledWebhookDeliveriesStepId, async (_: void, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const logger: Logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const verdicts: Record<string, number> = {}
  // Nothing here may stop the tracking sync that follows in the same run.
  try {
    // An unreadable body's delivery has nothing to process again: it is settled as refused.
    const unreadable = await pickupPoints.settleUnreadableStalledWebhookDeliveries()
    if (unreadable) verdicts.invalid_payload = unreadable
    for (const id of await pickupPoints.listStalledWebhookDeliveryIds(STALLED_PER_RUN)) {
      if (!(await pickupPoints.claimWebhookDeliveryForReprocess(id))) continue
      const [delivery] = await pickupPoints.listPickupPointWebhookDeliveries({ id }, { select: ["id", "payload"], take: 1 })
      let verdict: string
      try {
        verdict = (await processPlatformConfirmation(container, id, delivery?.payload)).verdict
      } catch (error) {
        // Stored as failed (a failure to tell Medusa is not thrown: the sync tells it again): see processPlatformConfirmation.
        logger.error(`[pickup-point] webhook delivery ${id}, processed again after its processing stopped or failed: ${safeErrorMessage(error)} (tried again every tracking run for a day, then left to the Health page's "Reprocess")`)
        verdict = "error"
      }
      verdicts[verdict] = (verdicts[verdict] ?? 0) + 1
    }
  } catch (error) {
    logger.error(`[pickup-point] webhook deliveries whose processing had stopped or failed could not be looked at: ${safeErrorMessage(error)}`)
  }
  if (Object.keys(verdicts).length) {
    logger.warn(`[pickup-point] webhook deliveries whose processing had stopped or failed, processed again: ${JSON.stringify(verdicts)}`)
  }
  return new StepResponse(verdicts)
})
