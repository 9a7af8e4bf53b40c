import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import {
  AdminCancelShipment,
  AdminCreatePickupPoint,
  AdminHandover,
  AdminReportTracking,
  AdminImportPickupPoints,
  AdminPublishPickupPoints,
  AdminSetupPickupPointDelivery,
  AdminListPickupPoints,
  AdminListShipments,
  AdminUpdatePickupPoint,
  StoreSearchPickupPoints,
} from "./validators"

const list = { isList: true, defaults: ["id"] }

export default defineMiddlewares({
  routes: [
    // The raw body is kept for the webhook's HMAC signature.
    { matcher: "/hooks/pickup-point", method: ["POST"], bodyParser: { preserveRawBody: true } },
    { matcher: "/store/pickup-points", method: ["GET"], middlewares: [validateAndTransformQuery(StoreSearchPickupPoints, list)] },
    { matcher: "/admin/pickup-points", method: ["GET"], middlewares: [validateAndTransformQuery(AdminListPickupPoints, list)] },
    { matcher: "/admin/pickup-points", method: ["POST"], middlewares: [validateAndTransformBody(AdminCreatePickupPoint)] },
    {
      matcher: "/admin/pickup-points/import",
      method: ["POST"],
      // A national network's file runs to several megabytes.
      bodyParser: { sizeLimit: "25mb" },
      middlewares: [validateAndTransformBody(AdminImportPickupPoints)],
    },
    { matcher: "/admin/pickup-points/publish", method: ["POST"], middlewares: [validateAndTransformBody(AdminPublishPickupPoints)] },
    { matcher: "/admin/pickup-points/:id", method: ["POST"], middlewares: [validateAndTransformBody(AdminUpdatePickupPoint)] },
    { matcher: "/admin/pickup-point/setup", method: ["POST"], middlewares: [validateAndTransformBody(AdminSetupPickupPointDelivery)] },
    { matcher: "/admin/pickup-point/shipments", method: ["GET"], middlewares: [validateAndTransformQuery(AdminListShipments, list)] },
    { matcher: "/admin/pickup-point/shipments/:id/handover", method: ["POST"], middlewares: [validateAndTransformBody(AdminHandover)] },
    { matcher: "/admin/pickup-point/shipments/:id/tracking", method: ["POST"], middlewares: [validateAndTransformBody(AdminReportTracking)] },
    { matcher: "/admin/pickup-point/shipments/:id/cancel", method: ["POST"], middlewares: [validateAndTransformBody(AdminCancelShipment)] },
  ],
})
