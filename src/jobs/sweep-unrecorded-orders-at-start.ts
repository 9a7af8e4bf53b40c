import sweepUnrecordedOrders from "./sweep-unrecorded-orders"

/** The same sweep once, shortly after start-up: a crash's lost events are found as soon as the store is back. */
export default sweepUnrecordedOrders

export const config = {
  name: "pickup-point-sweep-unrecorded-orders-at-start",
  // Inside the schedule: Medusa's job loader reads a top-level numberOfExecutions only with a cron string.
  schedule: { interval: 15_000, numberOfExecutions: 1 },
}
