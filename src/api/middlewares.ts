import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import {
  AdminCancelShipment,
  AdminChangeShipmentPickupPoint,
  AdminCreatePickupPoint,
  AdminHandover,
  AdminReportTracking,
  AdminImportPickupPoints,
  AdminPublishPickupPoints,
  AdminSetupPickupPointDelivery,
  AdminListPickupPoints,
  AdminListShipments,
  AdminListServiceCalls,
  AdminPrintLabels,
  AdminUpdatePickupPoint,
  StoreSearchPickupPoints,
} from "./validators"
import { checkCartPickupPoints } from "./lib/check-cart-pickup-points"
import { checkPaymentSessionPickupPoints } from "./lib/check-payment-session-pickup-points"
import { checkPickupPointSelection } from "./lib/check-pickup-point-selection"
import { limitPickupPointSearch } from "./lib/limit-pickup-point-search"
import { holdFulfillmentCancelDuringLabel } from "./lib/hold-fulfillment-cancel-during-label"
import { fulfillPickupPointOrder } from "./lib/fulfill-pickup-point-order"
import { keepWebhookRawBody } from "./lib/webhook-raw-body"
import { answerServiceOutage } from "./lib/answer-service-outage"
import { refuseMalformedPath } from "./lib/refuse-malformed-path"
import { pluginErrorHandler } from "./lib/plugin-error-handler"
import { CSV_IMPORT_MAX_BYTES } from "../modules/pickup-point/lib/import-limits"

const list = { isList: true, defaults: ["id"] }

export default defineMiddlewares({
  errorHandler: pluginErrorHandler(),
  routes: [
    // Every route of the plugin (no method: these run before any route decodes its `:id`).
    ...["/admin/pickup-point", "/admin/pickup-points", "/store/pickup-point", "/store/pickup-points", "/hooks/pickup-point"].map((matcher) => ({
      matcher,
      middlewares: [refuseMalformedPath, answerServiceOutage],
    })),
    // Checkout and "Fulfill items" through middlewares on Medusa's routes, never
    // through its workflow hooks: a hook takes one handler, and it is the store's.
    // They run after Medusa's own validation of the same routes.
    { matcher: "/store/carts/:id/shipping-methods", method: ["POST"], middlewares: [checkPickupPointSelection] },
    { matcher: "/store/payment-collections/:id/payment-sessions", method: ["POST"], middlewares: [checkPaymentSessionPickupPoints] },
    { matcher: "/store/carts/:id/complete", method: ["POST"], middlewares: [checkCartPickupPoints] },
    { matcher: "/admin/orders/:id/fulfillments", method: ["POST"], middlewares: [answerServiceOutage, fulfillPickupPointOrder] },
    { matcher: "/admin/orders/:id/fulfillments/:fulfillment_id/cancel", method: ["POST"], middlewares: [holdFulfillmentCancelDuringLabel] },
    { matcher: "/admin/fulfillments/:id/cancel", method: ["POST"], middlewares: [holdFulfillmentCancelDuringLabel] },
    // The raw body is kept for the webhook's HMAC signature.
    { matcher: "/hooks/pickup-point", method: ["POST"], bodyParser: { preserveRawBody: true }, middlewares: [keepWebhookRawBody] },
    { matcher: "/store/pickup-points", method: ["GET"], middlewares: [limitPickupPointSearch, validateAndTransformQuery(StoreSearchPickupPoints, list)] },
    { matcher: "/store/pickup-points/:code", method: ["GET"], middlewares: [limitPickupPointSearch] },
    { matcher: "/admin/pickup-points", method: ["GET"], middlewares: [validateAndTransformQuery(AdminListPickupPoints, list)] },
    { matcher: "/admin/pickup-points", method: ["POST"], middlewares: [validateAndTransformBody(AdminCreatePickupPoint)] },
    {
      matcher: "/admin/pickup-points/import",
      method: ["POST"],
      bodyParser: { sizeLimit: CSV_IMPORT_MAX_BYTES },
      middlewares: [validateAndTransformBody(AdminImportPickupPoints)],
    },
    { matcher: "/admin/pickup-points/publish", method: ["POST"], middlewares: [validateAndTransformBody(AdminPublishPickupPoints)] },
    { matcher: "/admin/pickup-points/:id", method: ["POST"], middlewares: [validateAndTransformBody(AdminUpdatePickupPoint)] },
    { matcher: "/admin/pickup-point/setup", method: ["POST"], middlewares: [validateAndTransformBody(AdminSetupPickupPointDelivery)] },
    { matcher: "/admin/pickup-point/shipments", method: ["GET"], middlewares: [validateAndTransformQuery(AdminListShipments, list)] },
    { matcher: "/admin/pickup-point/health/calls", method: ["GET"], middlewares: [validateAndTransformQuery(AdminListServiceCalls, list)] },
    { matcher: "/admin/pickup-point/shipments/:id/handover", method: ["POST"], middlewares: [validateAndTransformBody(AdminHandover)] },
    { matcher: "/admin/pickup-point/shipments/:id/tracking", method: ["POST"], middlewares: [validateAndTransformBody(AdminReportTracking)] },
    { matcher: "/admin/pickup-point/shipments/:id/cancel", method: ["POST"], middlewares: [validateAndTransformBody(AdminCancelShipment)] },
    {
      matcher: "/admin/pickup-point/shipments/:id/pickup-point",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminChangeShipmentPickupPoint)],
    },
    { matcher: "/admin/pickup-point/labels", method: ["POST"], middlewares: [validateAndTransformBody(AdminPrintLabels)] },
  ],
})
