import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingUpdate } from "../modules/pickup-point/service"
import { PickupPointShipmentEvents, type ShipmentEventData } from "./shipment-events"
import { applyFulfillmentStatesStep, recordTrackingUpdatesStep } from "./steps/record-tracking-updates"

/**
 * The one path every tracking report takes, whether the sync job read it,
 * the platform's webhook brought it or an admin entered it: recorded once,
 * forward only, then told to Medusa and announced by events.
 */
export const applyTrackingUpdatesWorkflow = createWorkflow(
  "apply-pickup-point-tracking-updates",
  (input: { updates: TrackingUpdate[] }) => {
    const { transitions, recorded } = recordTrackingUpdatesStep(input)
    applyFulfillmentStatesStep({ transitions })

    const events = transform({ transitions }, ({ transitions }) => {
      const data = (stage?: string) =>
        transitions
          .filter((t) => !stage || t.stage === stage)
          .map((t): ShipmentEventData => ({ id: t.shipment_id, order_id: t.order_id, status: t.stage, tracking_status_code: t.status_code }))
      return { changed: data(), ready: data("ready_for_pickup"), delivered: data("delivered") }
    })
    emitEventStep({ eventName: PickupPointShipmentEvents.STATUS_CHANGED, data: events.changed }).config({ name: "emit-status-changed" })
    emitEventStep({ eventName: PickupPointShipmentEvents.READY_FOR_PICKUP, data: events.ready }).config({ name: "emit-ready-for-pickup" })
    emitEventStep({ eventName: PickupPointShipmentEvents.DELIVERED, data: events.delivered }).config({ name: "emit-delivered" })

    return new WorkflowResponse({ recorded, transitions })
  }
)
