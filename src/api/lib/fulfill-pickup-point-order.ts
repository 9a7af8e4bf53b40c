import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule, Logger, OrderWorkflow } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { isCancelUnderway, isCreationOpen } from "../../modules/pickup-point/lib/statuses"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider } from "../../providers/pickup-point/service"
import { PICKUP_POINT_REQUEST } from "./plugin-error-handler"
import { createPickupPointFulfillmentWorkflow } from "../../workflows/create-pickup-point-fulfillment"
import { safeErrorMessage } from "../../workflows/utils/to-medusa-error"

/**
 * How long "Fulfill items" waits for the label before answering. A carrier
 * that times out would otherwise hold the admin's request for the label
 * call's whole deadline times its tries (over 90 s with the defaults).
 */
export const LABEL_ANSWER_WITHIN_MS = 10_000

/**
 * On `POST /admin/orders/:id/fulfillments` ("Fulfill items"), for a
 * fulfillment with the plugin's shipping option of an order shipped to a
 * pickup point: runs Medusa's fulfillment workflow together with the label
 * (see createPickupPointFulfillmentWorkflow) and answers as Medusa's route
 * does. Other orders, and an order's items fulfilled with another option
 * (a second shipping profile's home delivery, say), go on to Medusa's route
 * untouched.
 *
 * When the label takes longer than LABEL_ANSWER_WITHIN_MS, the answer is a
 * 202 with the order as it is and `pickup_point_label.status: "pending"`;
 * the workflow goes on in the background. Its outcome shows on the order:
 * the fulfillment with its label, or, when it fails (the fulfillment is
 * then undone), a line in the shipment's history saying why.
 */
export async function fulfillPickupPointOrder(request: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // Medusa's admin authentication runs before every /admin middleware.
  const req = request as AuthenticatedMedusaRequest & { secret_key_context?: { created_by?: string } }
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const [shipment] = await pickupPoints.listPickupPointShipments(
    { order_id: req.params.id },
    { take: 1, select: ["id", "status", "order_number", "pickup_point_code", "cancel_requested_at"] }
  )
  if (!shipment) {
    return next()
  }
  const options = await fulfillmentOptions(req)
  if (options.chosen?.deleted_at) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The shipping option ${options.chosen.name ?? options.chosen.id} has been deleted: choose another shipping option for these items.`
    )
  }
  if (!isPickupPointProvider(options.chosen?.provider_id)) {
    // The pickup-point items shipped another way while the carrier holds their shipment order: it would stay live for good.
    if (
      options.chosen &&
      options.chosen.shipping_profile_id === options.pickupPoint?.shipping_profile_id &&
      options.shipsParcelItems &&
      holdsLiveUnlabelledOrder(shipment)
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The items of order ${shipment.order_number} ship to pickup point ${shipment.pickup_point_code}, and its shipment order is not cancelled. ` +
          (options.pickupPoint?.deleted_at
            ? `Its pickup-point option has been deleted since: cancel the shipment order first ("Cancel shipment order") to ship them another way.`
            : `Fulfil them with the pickup-point option, or cancel the shipment order first ("Cancel shipment order") to ship them another way.`)
      )
    }
    return next()
  }
  res.locals[PICKUP_POINT_REQUEST] = true
  const run = createPickupPointFulfillmentWorkflow(req.scope).run({
    input: {
      ...(req.validatedBody as Omit<OrderWorkflow.CreateOrderFulfillmentWorkflowInput, "order_id">),
      order_id: req.params.id,
      created_by: req.secret_key_context?.created_by ?? req.auth_context.actor_id,
      // For the label link on the fulfillment, when the `backendUrl` option is not set.
      backend_url: serverOrigin(req),
    },
  })
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    run.then(() => "done" as const),
    new Promise<"pending">((resolve) => (timer = setTimeout(() => resolve("pending"), LABEL_ANSWER_WITHIN_MS))),
  ]).finally(() => clearTimeout(timer))

  if (outcome === "pending") {
    run.catch(async (error: Error) => {
      const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      logger.warn(`[pickup-point] label of shipment ${shipment.id} failed in the background: ${safeErrorMessage(error)}`)
      await pickupPoints
        .noteShipmentEvent(shipment.id, `Label not made, the fulfillment was undone: ${safeErrorMessage(error)} Fulfill the items again.`)
        .catch(() => logger.warn(`[pickup-point] could not note the failed label on shipment ${shipment.id}`))
    })
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [order],
  } = await query.graph({ entity: "order", fields: req.queryConfig.fields, filters: { id: req.params.id } })
  if (outcome === "pending") {
    res.status(202).json({
      order,
      pickup_point_label: {
        status: "pending",
        message: "The carrier is slow to make the label: it is still being made. The order page shows the fulfillment with its label, or why it failed.",
      },
    })
    return
  }
  res.status(200).json({ order })
}

type FulfillmentOption = { id: string; name?: string | null; provider_id?: string | null; shipping_profile_id?: string | null; deleted_at?: Date | string | null }
type OrderShippingMethods = {
  shipping_methods: ({ shipping_option_id?: string | null } | null)[]
  items: ({ id: string; requires_shipping?: boolean | null } | null)[]
}

/**
 * The option the fulfillment asked for uses (its `shipping_option_id`, else
 * the order's first shipping method's option, as Medusa's
 * createOrderFulfillmentWorkflow picks it), the order's pickup-point
 * method's option (deleted since or not), and whether the items asked for
 * include one the parcel holds (one that needs shipping).
 */
async function fulfillmentOptions(
  req: MedusaRequest
): Promise<{ chosen?: FulfillmentOption; pickupPoint?: FulfillmentOption; shipsParcelItems: boolean }> {
  const {
    data: [order],
  } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["shipping_methods.shipping_option_id", "items.id", "items.requires_shipping"],
    filters: { id: req.params.id },
  })
  // Query's result is typed from the app's generated types, which a fresh clone does not have.
  const methods = (order as unknown as OrderShippingMethods | undefined)?.shipping_methods ?? []
  const methodOptionIds = methods.flatMap((method) => (method?.shipping_option_id ? [method.shipping_option_id] : []))
  const body = req.validatedBody as { shipping_option_id?: string; items?: { id: string }[] } | undefined
  const chosenId = body?.shipping_option_id ?? methodOptionIds[0]
  const asked = new Set((body?.items ?? []).map((item) => item.id))
  const items = (order as unknown as OrderShippingMethods | undefined)?.items ?? []
  const shipsParcelItems = items.some((item) => item && asked.has(item.id) && item.requires_shipping !== false)
  const ids = [...new Set([chosenId, ...methodOptionIds].filter((id): id is string => !!id))]
  const options: FulfillmentOption[] = ids.length
    ? await req.scope.resolve(Modules.FULFILLMENT).listShippingOptions({ id: ids }, { select: ["id", "name", "provider_id", "shipping_profile_id", "deleted_at"], withDeleted: true })
    : []
  return {
    chosen: options.find((option) => option.id === chosenId),
    pickupPoint: options.find((option) => methodOptionIds.includes(option.id) && isPickupPointProvider(option.provider_id)),
    shipsParcelItems,
  }
}

/** A shipment order the carrier has or is about to have, with no label yet and no cancel under way. */
function holdsLiveUnlabelledOrder(shipment: { status: string; cancel_requested_at?: unknown }): boolean {
  return (isCreationOpen(shipment.status) || shipment.status === "ready") && !isCancelUnderway(shipment)
}

/**
 * The server's public origin for links stored on the order: Medusa's
 * configured `admin.backendUrl` when it is an absolute URL (its default is
 * "/"), else the origin the request reached the server at (its Host header).
 */
function serverOrigin(req: MedusaRequest): string {
  const configured = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE).admin?.backendUrl
  return configured && /^https?:\/\//i.test(configured) ? configured.replace(/\/+$/, "") : `${req.protocol}://${req.get("host")}`
}
