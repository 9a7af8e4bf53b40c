import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import { isPickupPointProvider, pickupPointCodeOf } from "../../providers/pickup-point/service"
import { createShipmentOrdersWorkflow } from "../create-shipment-orders"
import { safeErrorMessage } from "../utils/to-medusa-error"

export const sweepUnrecordedOrdersStepId = "pickup-point-sweep-unrecorded-orders"

/** How long a draft shipped by the plugin is remembered: one left longer is let go (its order.placed event is then its only way in). */
const DRAFTS_REMEMBERED_MS = 30 * 86_400_000

export type SweepUnrecordedOrdersInput = {
  /** Orders looked at per run at most. */
  limit: number
  /** Orders younger than this are left to the order.placed subscriber. */
  grace_ms: number
  /** On the first run, how far back to look. */
  lookback_days: number
}

type SweptOrder = {
  id: string
  display_id: number
  status: string
  created_at: string | Date
  shipping_methods?: ({ shipping_option_id?: string | null; data?: Record<string, unknown> | null } | null)[]
}

/** The display id just before the first order of the lookback window: where a first sweep starts. */
async function startingCursor(container: MedusaContainer, lookbackDays: number): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["display_id"],
    filters: { created_at: { $gte: new Date(Date.now() - lookbackDays * 86_400_000) } },
    pagination: { take: 1, order: { display_id: "ASC" } },
  })
  return data.length ? Number(data[0].display_id) - 1 : Number.MAX_SAFE_INTEGER
}

/**
 * Finds orders shipped by the plugin's provider that have no shipment
 * record (their order.placed event died with a process) and records them,
 * to be looked up on the service before they are ever created. Walks orders
 * by display id (indexed, and only growing) from a cursor, at most `limit`
 * a run. An order that cannot be recorded is logged and remembered, and
 * tried again every run (at most `limit` of them) until it is recorded or
 * has nothing left to record; the cursor goes on past it, so that one order
 * never keeps the later ones out of reach. A draft shipped by the plugin
 * is remembered the same way, until it is converted (then recorded),
 * deleted, or a month old. Safe with several processes:
 * recording is once per order (a unique index), the cursor only moves
 * forward, and the orders to try again are merged. No compensation: each
 * recorded shipment is the record the retry job works from.
 */
export const sweepUnrecordedOrdersStep = createStep(
  sweepUnrecordedOrdersStepId,
  async (input: SweepUnrecordedOrdersInput, { container }) => {
    const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const logger: Logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const nothing = () => new StepResponse({ looked_at: 0, recorded: [] as string[], failed: [] as string[], drafts: [] as string[] })
    const sweep = await pickupPoints.retrieveOrderSweep()
    let cursor = sweep.cursor
    if (cursor === null) {
      cursor = await startingCursor(container, input.lookback_days)
      if (cursor === Number.MAX_SAFE_INTEGER) return nothing()
    }
    const fields = ["id", "display_id", "status", "created_at", "shipping_methods.shipping_option_id", "shipping_methods.data"]
    const { data } = await query.graph({
      entity: "order",
      fields,
      // display_id is a number in the database, whatever the generated types say.
      filters: { display_id: { $gt: cursor } } as never,
      pagination: { take: input.limit, order: { display_id: "ASC" } },
    })
    // Stop before the first order still young enough for its subscriber: the cursor never passes it.
    const settledBefore = Date.now() - input.grace_ms
    const fresh: SweptOrder[] = []
    for (const order of data as unknown as SweptOrder[]) {
      if (new Date(order.created_at).getTime() > settledBefore) break
      fresh.push(order)
    }
    const retried = sweep.retry_ids.slice(0, input.limit)
    const freshIds = new Set(fresh.map((o) => o.id))
    const again = retried.length
      ? ((await query.graph({ entity: "order", fields, filters: { id: retried } })).data as unknown as SweptOrder[]).filter((o) => !freshIds.has(o.id))
      : []
    const orders = [...again, ...fresh]
    if (!orders.length && !retried.length) return nothing()

    const optionIds = [...new Set(orders.flatMap((o) => (o.shipping_methods ?? []).flatMap((m) => (m?.shipping_option_id ? [m.shipping_option_id] : []))))]
    const options = optionIds.length
      ? await container.resolve(Modules.FULFILLMENT).listShippingOptions({ id: optionIds }, { select: ["id", "provider_id"] })
      : []
    const ours = new Set(options.filter((o) => isPickupPointProvider(o.provider_id)).map((o) => o.id))
    const shipped = orders.filter((o) =>
      (o.shipping_methods ?? []).some((m) => m?.shipping_option_id && ours.has(m.shipping_option_id) && pickupPointCodeOf(m.data ?? undefined))
    )
    const recordedAlready = shipped.length
      ? new Set((await pickupPoints.listPickupPointShipments({ order_id: shipped.map((o) => o.id) }, { select: ["order_id"] })).map((s) => s.order_id))
      : new Set<string>()
    // A draft is not placed yet: it is remembered, and recorded once converted (its order.placed
    // event may be lost as any other, and its display id is behind the cursor by then); for a month.
    const draftsSince = Date.now() - DRAFTS_REMEMBERED_MS
    const drafts = shipped.filter((o) => o.status === "draft" && new Date(o.created_at).getTime() > draftsSince).map((o) => o.id)
    const unrecorded = shipped.filter((o) => o.status !== "draft" && !recordedAlready.has(o.id))
    let recorded: string[] = []
    let failed: string[] = []
    if (unrecorded.length) {
      const retryLater = (ids: string[], why: string) =>
        // The others are recorded all the same; these are tried again every run (a database that was
        // down) and said every run until their cause is fixed.
        logger.error(
          `[pickup-point] order sweep: the shipments of orders ${unrecorded.filter((o) => ids.includes(o.id)).map((o) => `${o.display_id} (${o.id})`).join(", ")} ` +
            `could not be recorded${why}. They are tried again every minute until recorded or the order is cancelled.`
        )
      try {
        const { result } = await createShipmentOrdersWorkflow(container).run({ input: { order_ids: unrecorded.map((o) => o.id), recovered: true } })
        failed = result.failed_order_ids
        if (failed.length) retryLater(failed, " (the cause is logged above)")
        // An order cancelled before its shipment was built gets none; one cancelled later, a cancelled one.
        const withShipment = new Set(result.shipments.map((shipment) => shipment.order_id))
        recorded = unrecorded.filter((o) => withShipment.has(o.id)).map((o) => o.id)
      } catch (error) {
        failed = unrecorded.map((o) => o.id)
        retryLater(failed, `: ${safeErrorMessage(error)}`)
      }
    }
    await pickupPoints.advanceOrderSweep({
      through: fresh.length ? Number(fresh[fresh.length - 1].display_id) : cursor,
      failed: [...failed, ...drafts],
      // Recorded, recorded meanwhile, cancelled, no longer shipped by the plugin or gone: nothing left to try.
      settled: retried.filter((id) => !failed.includes(id) && !drafts.includes(id)),
    })
    return new StepResponse({ looked_at: orders.length, recorded, failed, drafts })
  }
)
