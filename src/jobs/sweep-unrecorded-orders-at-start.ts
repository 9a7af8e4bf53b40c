import sweepUnrecordedOrders from "./sweep-unrecorded-orders"

/** The same sweep once, shortly after start-up: a crash's lost events are found as soon as the store is back. */
export default sweepUnrecordedOrders

export const config = {
  name: "pickup-point-sweep-unrecorded-orders-at-start",
  schedule: { interval: 15_000 },
  numberOfExecutions: 1,
}
