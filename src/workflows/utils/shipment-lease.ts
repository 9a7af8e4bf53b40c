import type { ResolvedPluginOptions } from "../../modules/pickup-point/options"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointShipmentDTO } from "../../modules/pickup-point/types"

/**
 * How long a claim on a shipment lasts between renewals. The lease is
 * renewed while the work runs (every third of it), so it runs out only
 * when its process stalls or dies; it is also sized from the options so
 * that even one call with all its in-call retries fits in it twice.
 *
 * Why our own lease on the shipment's row rather than Medusa's Locking
 * module: its default provider is in-memory (one process only), while a
 * store may run a server and workers without the Redis or Postgres provider.
 * The row lease holds across processes whatever the store installs, and its
 * owner token makes every state write a compare-and-set: a worker that lost
 * its claim can never write over the one that took it.
 */
export function shipmentLeaseMs(options: Pick<ResolvedPluginOptions, "timeoutMs" | "labelTimeoutMs" | "retries" | "retryMaxDelayMs">): number {
  const longestAttempt = Math.max(options.timeoutMs, options.labelTimeoutMs)
  const longestCall = longestAttempt * (options.retries + 1) + options.retryMaxDelayMs * options.retries
  return Math.max(60_000, 2 * longestCall)
}

/** The claim a job works under: its owner token, and a signal aborted once the claim is lost. */
export type ShipmentLease = {
  owner: string
  signal: AbortSignal
  /**
   * Renews the claim before a call to the service, and throws if it was
   * lost: a worker that stalled past its lease never calls after waking.
   */
  ensureHeld(): Promise<void>
}

export class ShipmentLeaseLostError extends Error {
  constructor(shipmentId: string) {
    super(`The claim on shipment ${shipmentId} was lost to another process; it carries on from here.`)
  }
}

export type LeaseSettings = {
  leaseMs: number
  /** How often the lease is renewed; null never renews (tests use it to play a stalled process). */
  renewEveryMs?: number | null
}

/**
 * Runs `job` while holding a claim on the shipment: null, without running
 * it, when another process holds the shipment. The claim is renewed while
 * the job runs and given back at the end (only if still ours).
 */
export async function withShipmentLease<T>(
  pickupPoints: PickupPointModuleService,
  shipmentId: string,
  settings: LeaseSettings,
  job: (lease: ShipmentLease, shipment: PickupPointShipmentDTO) => Promise<T>
): Promise<T | null> {
  const claim = await pickupPoints.claimShipment(shipmentId, settings.leaseMs)
  if (!claim) {
    return null
  }
  const controller = new AbortController()
  const renewEveryMs = settings.renewEveryMs === undefined ? Math.floor(settings.leaseMs / 3) : settings.renewEveryMs
  const timer =
    renewEveryMs === null
      ? null
      : setInterval(() => {
          pickupPoints
            .renewShipmentClaim(shipmentId, claim.owner, settings.leaseMs)
            .then((held) => held || controller.abort())
            .catch(() => controller.abort())
        }, renewEveryMs)
  timer?.unref()
  const lease: ShipmentLease = {
    owner: claim.owner,
    signal: controller.signal,
    async ensureHeld() {
      if (!controller.signal.aborted && !(await pickupPoints.renewShipmentClaim(shipmentId, claim.owner, settings.leaseMs))) {
        controller.abort()
      }
      if (controller.signal.aborted) throw new ShipmentLeaseLostError(shipmentId)
    },
  }
  try {
    return await job(lease, claim.shipment)
  } finally {
    if (timer) clearInterval(timer)
    await pickupPoints.releaseShipmentClaim(shipmentId, claim.owner)
  }
}
