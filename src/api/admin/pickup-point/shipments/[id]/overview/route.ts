import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PICKUP_POINT_MODULE } from "../../../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../../../modules/pickup-point/service"
import { SHIPMENT_RELATIONS, toAdminShipment } from "../../admin-shipment"
import { describeHistoryMessage } from "../../../../../../modules/pickup-point/lib/history-messages"
import { noteEventIds } from "../../../views/history-notes"
import { describeShipment } from "../../../views/shipment-attention"
import { newestFirst, reportOrderTime } from "../../../views/timeline-order"

const DAY_MS = 86_400_000

/**
 * The history entries a code send wrote before: each audited send before 5772496, and one whose answer was lost
 * before its audit record said so (Migration20261123220000). The audit record says more (who); kept off the timeline.
 */
const CODE_SENT_EVENT = /^Verification code (probably )?sent/

/**
 * A replaced shipment's "continued as shipment …" line, when that shipment is on the same timeline: the
 * one that continued opens with the same change and note, so the line would only say it again (with an id).
 */
function repeatsItsSuccessor(message: string | null | undefined, shown: Set<string>): boolean {
  const described = describeHistoryMessage(message)
  const continued = described?.key === "pickupPointChangedContinued" || described?.key === "pickupPointChangedNoteContinued"
  return continued && shown.has(described.params.shipment)
}

/**
 * Everything the order page shows of one shipment, read-only: the shipment
 * with its stage and whether it needs a person, one timeline merging its
 * history, tracking, verification-code sends and the webhook deliveries
 * that touched it, and where the code-send limits stand.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const now = Date.now()
  const shipment = await pickupPoints.retrievePickupPointShipment(req.params.id, { relations: SHIPMENT_RELATIONS })
  const [sends, deliveries, sameOrder, [catalogPoint]] = await Promise.all([
    pickupPoints.listPickupPointVerificationCodeSends({ shipment_id: shipment.id }, { order: { sent_at: "DESC" }, take: 100 }),
    pickupPoints.listPickupPointWebhookDeliveries({ shipment_id: shipment.id }, { order: { received_at: "DESC" }, take: 100 }),
    // Shipments this one replaced (a change of pickup point archives the old one): their history stays on the timeline.
    pickupPoints.listPickupPointShipments({ order_id: shipment.order_id }, { relations: ["events"], withDeleted: true, take: 20 }),
    // The shipment keeps the point as it was when ordered; the catalog says whether it is still open, and when.
    pickupPoints.listPickupPoints({ code: shipment.pickup_point_code }, { select: ["is_active", "opening_hours"], take: 1 }),
  ])
  const shipments = [shipment, ...sameOrder.filter((earlier) => earlier.id !== shipment.id)]
  const history = shipments.flatMap((one) => one.events ?? [])
  const actorIds = [
    ...new Set([...sends.map((send) => send.actor_id), ...history.map((event) => event.actor_id)].filter((id): id is string => !!id)),
  ]
  const { data: users } = actorIds.length
    ? await query.graph({ entity: "user", fields: ["id", "email"], filters: { id: actorIds } })
    : { data: [] as { id: string; email: string }[] }
  const emailOf = new Map(users.map((user: { id: string; email: string }) => [user.id, user.email]))

  const view = toAdminShipment(shipment)
  // Per shipment: each of the order's shipments has its own story.
  const notes = new Set(shipments.flatMap((one) => noteEventIds(one.events ?? [])))
  const at = (time: Date | string) => new Date(time).getTime()
  const shown = new Set(shipments.map((one) => one.id))
  // Each kind given newest first, so that entries with the same order time stay newest first.
  const placed = [
    // Events of one transaction share its time: the one written later (created_at, then id) comes first.
    ...[...history]
      .sort((a, b) => at(b.occurred_at) - at(a.occurred_at) || at(b.created_at) - at(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .filter((event) => !CODE_SENT_EVENT.test(event.message ?? "") && !repeatsItsSuccessor(event.message, shown))
      .map((event) => ({
        orderTime: at(event.occurred_at),
        entry: {
          kind: "status" as const,
          at: event.occurred_at,
          status: event.status,
          message: event.message,
          // The line's key in the admin's translations, when it is one of the history's fixed lines.
          message_key: describeHistoryMessage(event.message),
          note: notes.has(event.id),
          actor: event.actor_id ? (emailOf.get(event.actor_id) ?? event.actor_id) : null,
        },
      })),
    ...[...(shipment.tracking_events ?? [])]
      .sort((a, b) => at(b.created_at) - at(a.created_at))
      .map((report) => ({
        orderTime: reportOrderTime(report.occurred_at, report.created_at),
        entry: {
          kind: "tracking" as const,
          at: report.occurred_at,
          status_code: report.status_code,
          status_description: report.status_description,
          source: report.source,
        },
      })),
    ...sends.map((send) => ({
      orderTime: at(send.sent_at),
      entry: {
        kind: "verification_code" as const,
        at: send.sent_at,
        masked_email: send.masked_email,
        // False: the carrier's answer was lost, and the e-mail probably went out.
        confirmed: send.confirmed,
        actor: send.actor_id ? (emailOf.get(send.actor_id) ?? send.actor_id) : null,
      },
    })),
    ...deliveries.map((delivery) => ({
      orderTime: at(delivery.received_at),
      entry: {
        kind: "webhook" as const,
        at: delivery.received_at,
        verdict: delivery.verdict,
        status_code: delivery.status_code,
        result: delivery.result,
        deliveries: delivery.deliveries,
      },
    })),
  ]
  const timeline = newestFirst(placed)

  const { minIntervalSeconds, maxPerDay } = pickupPoints.options.verificationCode
  const today = sends.filter((send) => now - new Date(send.sent_at).getTime() < DAY_MS)
  const intervalEnd = today.length ? new Date(today[0].sent_at).getTime() + minIntervalSeconds * 1000 : 0
  const dayEnd = today.length >= maxPerDay ? new Date(today[today.length - 1].sent_at).getTime() + DAY_MS : 0
  const nextAllowed = Math.max(intervalEnd, dayEnd)

  res.json({
    shipment: describeShipment(view, pickupPoints.statusMapping, now, pickupPoints.options.trackingSync.maxAgeDays),
    timeline,
    catalog_point: catalogPoint ? { is_active: catalogPoint.is_active, opening_hours: catalogPoint.opening_hours ?? null } : null,
    verification_code: {
      sent_last_24h: today.length,
      max_per_day: maxPerDay,
      remaining_today: Math.max(0, maxPerDay - today.length),
      next_allowed_at: nextAllowed > now ? new Date(nextAllowed) : null,
      // The latest send of all, not only of the last 24 hours: whether a code was ever sent for this parcel.
      last_sent_at: sends[0]?.sent_at ?? null,
    },
  })
}
