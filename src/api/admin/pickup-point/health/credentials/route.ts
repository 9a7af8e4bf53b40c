import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ShipmentOrdersClient, ShipmentOrdersError } from "../../../../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../modules/pickup-point/service"
import { serviceCallLog } from "../../../../../workflows/utils/service-call-log"

/** An order number no store uses: looking it up changes nothing on the service. */
const PROBE_ORDER_NUMBER = "PICKUP-POINT-CREDENTIALS-CHECK"

/**
 * Whether the service accepts the plugin's credentials, with one read-only
 * call (a look-up of an order number that does not exist). Answers 200 with
 * the verdict either way: the check itself worked. When they pass, the
 * shipments whose creates were refused for them are made due at once.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const callLog = serviceCallLog(req.scope)
  const client = new ShipmentOrdersClient({
    ...pickupPoints.options,
    retries: 0,
    logger: req.scope.resolve(ContainerRegistrationKeys.LOGGER),
    onCall: callLog.listener,
  })
  const started = Date.now()
  try {
    // The call is written to the log before the answer: the page lists it with the verdict.
    await client.getIdentifier(PROBE_ORDER_NUMBER).finally(() => callLog.flush())
    const duration_ms = Date.now() - started
    // Shipments that waited on the credentials are created by the next run of the retry job.
    const shipments_due_now = await pickupPoints.makeCredentialWaitsDue()
    res.json({ ok: true, checked_at: new Date(), duration_ms, shipments_due_now })
  } catch (error) {
    const known = error instanceof ShipmentOrdersError
    res.json({
      ok: false,
      checked_at: new Date(),
      duration_ms: Date.now() - started,
      code: known ? error.code : "unexpected",
      http_status: known ? (error.httpStatus ?? null) : null,
      message: known ? (error.serviceMessage ?? error.message) : "The check failed unexpectedly.",
    })
  }
}
