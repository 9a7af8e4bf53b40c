import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PICKUP_POINT_MODULE } from "../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../modules/pickup-point/service"
import type { AdminListServiceCallsType } from "../../../../validators"

/**
 * The recent calls to the service, newest first: per attempt, its
 * operation, HTTP status, duration, outcome and attempt number; nothing of
 * what was sent or answered.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminListServiceCallsType>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery as AdminListServiceCallsType
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [calls, count] = await pickupPoints.listAndCountPickupPointServiceCalls(
    {},
    { take: limit, skip: offset, order: { called_at: "DESC", id: "DESC" } }
  )
  res.json({
    calls: calls.map(({ id, operation, http_status, duration_ms, outcome, attempt, retried, called_at }) => ({
      id,
      operation,
      http_status,
      duration_ms,
      outcome,
      attempt,
      retried,
      called_at,
    })),
    count,
    limit,
    offset,
  })
}
