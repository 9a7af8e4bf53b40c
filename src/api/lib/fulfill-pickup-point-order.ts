import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { OrderWorkflow } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { createPickupPointFulfillmentWorkflow } from "../../workflows/create-pickup-point-fulfillment"

/**
 * On `POST /admin/orders/:id/fulfillments` ("Fulfill items"), for an order
 * shipped to a pickup point: runs Medusa's fulfillment workflow together
 * with the label (see createPickupPointFulfillmentWorkflow) and answers as
 * Medusa's route does. Other orders go on to Medusa's route untouched.
 */
export async function fulfillPickupPointOrder(request: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // Medusa's admin authentication runs before every /admin middleware.
  const req = request as AuthenticatedMedusaRequest & { secret_key_context?: { created_by?: string } }
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: req.params.id }, { take: 1, select: ["id"] })
  if (!shipment) {
    return next()
  }
  await createPickupPointFulfillmentWorkflow(req.scope).run({
    input: {
      ...(req.validatedBody as Omit<OrderWorkflow.CreateOrderFulfillmentWorkflowInput, "order_id">),
      order_id: req.params.id,
      created_by: req.secret_key_context?.created_by ?? req.auth_context.actor_id,
    },
  })
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [order],
  } = await query.graph({ entity: "order", fields: req.queryConfig.fields, filters: { id: req.params.id } })
  res.status(200).json({ order })
}
