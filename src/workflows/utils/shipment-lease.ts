import { setTimeout as sleep } from "node:timers/promises"
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
   * Makes sure the claim holds before a call to the service (renewing it
   * when due), and throws if it was lost: a worker that stalled past its
   * lease never calls after waking.
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

/** The claims a batch of work runs under: one owner token over the shipments it took. */
export type ShipmentLeases = {
  owner: string
  /** The claim on one of the batch's shipments, for the work on it. */
  of(shipmentId: string): ShipmentLease
  /**
   * Renews every claim still held, in one statement, before a round of
   * calls; the ids still held (the lease of any other is lost).
   */
  ensureHeld(ids: readonly string[]): Promise<string[]>
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
  let claimed = false
  const result = await withShipmentLeases(pickupPoints, [shipmentId], settings, async (leases, [shipment]) => {
    claimed = !!shipment
    return shipment ? await job(leases.of(shipment.id), shipment) : null
  })
  return claimed ? result : null
}

/**
 * As withShipmentLease, for work an admin waits on: a claim another process
 * holds for a moment (a tracking batch's call) is waited out, up to
 * `waitMs`, before the work is given up (null).
 */
export async function withShipmentLeaseWhenFree<T>(
  pickupPoints: PickupPointModuleService,
  shipmentId: string,
  settings: LeaseSettings,
  job: (lease: ShipmentLease, shipment: PickupPointShipmentDTO) => Promise<T>,
  { waitMs = 3_000, everyMs = 250 }: { waitMs?: number; everyMs?: number } = {}
): Promise<T | null> {
  const giveUpAt = performance.now() + waitMs
  for (;;) {
    let claimed = false
    const result = await withShipmentLease(pickupPoints, shipmentId, settings, async (lease, shipment) => {
      claimed = true
      return await job(lease, shipment)
    })
    if (claimed) return result
    if (performance.now() + everyMs > giveUpAt) return null
    await sleep(everyMs)
  }
}

/**
 * The shipments a batch claims: these (those free of them), or up to `due`
 * of those with work due (the retry job's), but those in `except`.
 */
export type ShipmentsToClaim = readonly string[] | { due: number; except?: readonly string[] }

/**
 * Runs `job` over those of the shipments no other process holds, claimed
 * in one statement under one owner token (the job gets an empty list when
 * none is free). The claims are renewed while the job runs, together, and
 * given back together at the end (only those still ours).
 *
 * A claim is renewed in the database before a call only when its last
 * renewal is older than a third of the lease: newer, at least two thirds
 * of the lease are left, which holds a call with all its retries (see
 * shipmentLeaseMs), so a batch's calls do not each wait for a renewal.
 */
export async function withShipmentLeases<T>(
  pickupPoints: PickupPointModuleService,
  target: ShipmentsToClaim,
  settings: LeaseSettings,
  job: (leases: ShipmentLeases, shipments: PickupPointShipmentDTO[]) => Promise<T>
): Promise<T> {
  const freshFor = settings.leaseMs / 3
  const claimedAt = performance.now()
  const { owner, shipments } =
    "due" in target
      ? await pickupPoints.claimDueShipments({ limit: target.due, except: [...(target.except ?? [])] }, settings.leaseMs)
      : await pickupPoints.claimShipments([...new Set(target)], settings.leaseMs)
  const held = new Map(shipments.map((shipment) => [shipment.id, { controller: new AbortController(), renewedAt: claimedAt }]))
  const stillHeld = () => [...held.entries()].filter(([, claim]) => !claim.controller.signal.aborted).map(([id]) => id)
  /** Renews `ids` in one statement; the lease of any the owner no longer holds is lost. */
  const renew = async (ids: string[]) => {
    const sentAt = performance.now()
    const renewed = new Set(ids.length ? await pickupPoints.renewShipmentClaims(ids, owner, settings.leaseMs) : [])
    for (const id of ids) {
      const claim = held.get(id)!
      if (renewed.has(id)) claim.renewedAt = sentAt
      else claim.controller.abort()
    }
  }
  const renewEveryMs = settings.renewEveryMs === undefined ? Math.floor(settings.leaseMs / 3) : settings.renewEveryMs
  const timer =
    renewEveryMs === null || !held.size
      ? null
      : setInterval(() => {
          // A renewal that fails (the database a moment away) gives nothing up: a claim left stale
          // is renewed again, or found lost, before its next call (ensureHeld).
          renew(stillHeld()).catch(() => undefined)
        }, renewEveryMs)
  timer?.unref()
  const ensureHeld = async (ids: readonly string[]) => {
    const due = ids.filter((id) => {
      const claim = held.get(id)
      return claim && !claim.controller.signal.aborted && performance.now() - claim.renewedAt >= freshFor
    })
    await renew(due)
    return ids.filter((id) => held.has(id) && !held.get(id)!.controller.signal.aborted)
  }
  const leases: ShipmentLeases = {
    owner,
    ensureHeld,
    of(shipmentId) {
      const claim = held.get(shipmentId)
      if (!claim) throw new ShipmentLeaseLostError(shipmentId)
      return {
        owner,
        signal: claim.controller.signal,
        async ensureHeld() {
          if (!(await ensureHeld([shipmentId])).length) throw new ShipmentLeaseLostError(shipmentId)
        },
      }
    },
  }
  try {
    return await job(leases, shipments)
  } finally {
    if (timer) clearInterval(timer)
    // Work the job left running (it should leave none) can no longer call for a shipment given back.
    for (const claim of held.values()) claim.controller.abort()
    await pickupPoints.releaseShipmentClaims([...held.keys()], owner)
  }
}
