import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { emitShipmentEvents, PickupPointShipmentEvents } from "../shipment-events"

/** A container with an event bus that answers `emit` as told, and a logger that keeps its warnings. */
function containerWith(emit: (events: unknown) => Promise<void>) {
  const warnings: string[] = []
  const container = {
    resolve: (key: string) => {
      if (key === Modules.EVENT_BUS) return { emit }
      if (key === ContainerRegistrationKeys.LOGGER) return { warn: (message: string) => warnings.push(message) }
      throw new Error(`unexpected ${key}`)
    },
  } as unknown as MedusaContainer
  return { container, warnings }
}

const labelled = { name: PickupPointShipmentEvents.LABEL_GENERATED, data: { id: "pps_1", order_id: "order_1", status: "label_generated" } }

describe("announcing shipment events", () => {
  it("hands the events to Medusa's event bus", async () => {
    const emitted: unknown[] = []
    const { container, warnings } = containerWith(async (events) => void emitted.push(events))
    await emitShipmentEvents(container, [labelled])
    expect(emitted).toEqual([[labelled]])
    expect(warnings).toEqual([])
  })

  it("logs an event bus that fails instead of failing the work the events announce", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379 (maria@example.com)"), { code: "ECONNREFUSED" })
    const { container, warnings } = containerWith(() => Promise.reject(refused))
    await expect(emitShipmentEvents(container, [labelled])).resolves.toBeUndefined()
    expect(warnings).toEqual([
      "[pickup-point] could not announce pickup_point.shipment.label_generated (pps_1): Error ECONNREFUSED (an unexpected error; the server's own log around this time says more)",
    ])
  })
})
