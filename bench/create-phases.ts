import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CreateShipmentOrderInput, ShipmentOrdersClient } from "../src/lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import { buildShipmentIntentWorkflow } from "../src/workflows/build-shipment-intent"
import { createShipmentOrdersWorkflow } from "../src/workflows/create-shipment-orders"
import { advanceAndAnnounce } from "../src/workflows/utils/advance-and-announce"
import { SHIPMENT_OPTION_FIELDS, SHIPMENT_ORDER_FIELDS } from "../src/workflows/steps/build-shipment-intent"
import { ITEM_TOTAL_FIELDS } from "../src/workflows/utils/order-item-total"
import { percentile } from "./stats"

/**
 * Where one order's time goes, orders taken one at a time (no burst, no
 * event bus): each part timed on every order in turn, interleaved, so that
 * the machine's load weighs on all of them alike. Medians, in ms.
 */
export async function timeCreatePhases(container: MedusaContainer, orderIds: string[], client: ShipmentOrdersClient): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const withoutPrices = SHIPMENT_ORDER_FIELDS.filter((field) => !ITEM_TOTAL_FIELDS.includes(field))
  const reads: [string, () => Promise<unknown>][] = []
  const parts: Record<string, number[]> = {}
  const time = async (name: string, fn: () => Promise<unknown>) => {
    const started = process.hrtime.bigint()
    await fn()
    ;(parts[name] ??= []).push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  const optionId = async (id: string) => {
    const { data } = await query.graph({ entity: "order", fields: ["shipping_methods.shipping_option_id"], filters: { id } })
    return (data[0] as unknown as { shipping_methods: { shipping_option_id: string }[] }).shipping_methods[0].shipping_option_id
  }
  for (const [i, id] of orderIds.entries()) {
    const option = await optionId(id)
    reads.length = 0
    reads.push(
      ["order read (the plugin's fields: item prices, totalled by the plugin)", () => query.graph({ entity: "order", fields: SHIPMENT_ORDER_FIELDS, filters: { id } })],
      ["order read asking Medusa for item_total instead", () => query.graph({ entity: "order", fields: [...withoutPrices, "items.detail.quantity", "item_total"], filters: { id } })],
      ["order read without any price", () => query.graph({ entity: "order", fields: withoutPrices, filters: { id } })],
      ["shipping option read (provider, stock location)", () => query.graph({ entity: "shipping_option", fields: SHIPMENT_OPTION_FIELDS, filters: { id: [option] } })],
      ["year's count of shipped-off orders", () => pickupPoints.countConfirmedThisYear()],
      // The creation reads the order's status again once the shipment is recorded (cancel-intent-of-cancelled-order).
      ["order status read again after the record", () => query.graph({ entity: "order", fields: ["status"], filters: { id } })]
    )
    for (const [name, fn] of i % 2 ? [...reads].reverse() : reads) await time(name, fn)
    if (i % 2 === 0) {
      await time("the whole creation workflow", () => createShipmentOrdersWorkflow(container).run({ input: { order_ids: [id] } }))
    } else {
      // Its parts apart, on every other order: read and build, record, then claim, create, check the import, announce.
      let intent: Awaited<ReturnType<PickupPointModuleService["recordShipmentIntent"]>> | undefined
      let built: Parameters<PickupPointModuleService["recordShipmentIntent"]>[0] | null = null
      await time("  part: reading the order and building the request (a workflow)", async () => {
        built = (await buildShipmentIntentWorkflow(container).run({ input: { order_id: id } })).result
      })
      if (!built) throw new Error(`order ${id} did not build a shipment intent`)
      await time("  part: recording the intent", async () => (intent = await pickupPoints.recordShipmentIntent(built!)))
      await time("  part: claim, create, import check (2 calls), release, events", () => advanceAndAnnounce(container, intent!.shipment.id))
    }
    const [shipment] = await pickupPoints.listPickupPointShipments({ order_id: id }, { select: ["request"] })
    const request = shipment.request as unknown as CreateShipmentOrderInput
    await time("floor: the bare client's create", () => client.create({ ...request, orderNumber: `PHASE-${id}`, orderNumberRif: `PHASE-${id}` }))
  }
  const median = (name: string) => percentile(parts[name], 50)
  const whole = median("the whole creation workflow")
  return [
    `where one order's time goes, ${orderIds.length} orders one at a time (medians; the whole workflow on half of them, its parts on the other half):`,
    ...[...Object.keys(parts).filter((name) => !name.startsWith("floor")), "floor: the bare client's create"].map((name) => `  ${name.padEnd(72)} ${median(name).toFixed(2).padStart(7)} ms${name === "the whole creation workflow" ? ` (${(whole / median("floor: the bare client's create")).toFixed(1)}× the floor)` : ""}`),
  ]
}
