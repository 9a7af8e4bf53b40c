import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  isCredentialsRefusal,
  isOutcomeUnknown,
  isShipmentOrdersError,
  ShipmentOrderNotFoundError,
  ShipmentOrdersProtocolError,
  ShipmentOrdersRejectedError,
  ShipmentOrdersUnauthorizedError,
  ShipmentOrdersUnavailableError,
  type CreateShipmentOrderInput,
  type ShipmentOrdersClient,
} from "../../lib/shipment-orders"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { UNSEEN_LABEL_REFUSAL } from "../../modules/pickup-point/lib/cancel-refusals"
import { cancelRefusal, isCancellable, isCreationUncertain, type TrackingStage } from "../../modules/pickup-point/lib/statuses"
import { stageOf } from "../../modules/pickup-point/lib/tracking-stages"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { PickupPointShipmentDTO, ShipmentChanges, ShipmentStatus } from "../../modules/pickup-point/types"
import { hasLabelStage, stageOnService } from "./label-on-service"
import { shipmentOrdersClient } from "./shipment-orders-client"
import { concurrencyLimit } from "./concurrency-limit"
import { shipmentLeaseMs, ShipmentLeaseLostError, withShipmentLease, withShipmentLeases, type LeaseSettings, type ShipmentLease, type ShipmentLeases, type ShipmentsToClaim } from "./shipment-lease"
import { safeErrorMessage, toMedusaError } from "./to-medusa-error"
import { cancelledOnServiceMessage, HISTORY_MESSAGES } from "../../modules/pickup-point/lib/history-messages"

/**
 * THE CREATION STATE MACHINE, on the workflow side: it makes the calls to
 * the service and asks the module for each state change.
 *
 *   pending ──create──▶ creating ──answer──▶ awaiting_import ──status──▶ ready
 *                          │ no answer                 ▲
 *                          ▼                           │ found
 *                       unknown ──getIdentifier────────┘ (not found: back to pending)
 *
 * A repeated create the service refuses is looked up too (an earlier attempt
 * may have made the order); one refused for the credentials stays pending.
 *
 * Every change is a compare-and-set by the claim's owner (see
 * shipment-lease.ts): the attempt is on record before the call, so a crash
 * during it is recovered by looking the order up, never by creating it again.
 */
export type ShipmentWork = {
  pickupPoints: PickupPointModuleService
  client: ShipmentOrdersClient
  logger: Logger
  lease: LeaseSettings
}

export function shipmentWork(container: MedusaContainer): ShipmentWork {
  const pickupPoints = container.resolve<PickupPointModuleService>(PICKUP_POINT_MODULE)
  return {
    pickupPoints,
    client: shipmentOrdersClient(container),
    logger: container.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
    lease: { leaseMs: shipmentLeaseMs(pickupPoints.options) },
  }
}

type Held = { work: ShipmentWork; lease: ShipmentLease }

/** Where a shipment's advance ended: the shipment and the status it started from, or why it could not be moved on. */
export type Advanced = { shipment: PickupPointShipmentDTO; previous_status: ShipmentStatus } | { error: unknown }

/**
 * Moves a shipment on as far as it can go now (a requested cancel first),
 * under a claim so that no two processes work on it at once. Null when
 * another process holds it; else the shipment and the status it started from.
 */
export async function advanceShipment(
  work: ShipmentWork,
  shipmentId: string
): Promise<{ shipment: PickupPointShipmentDTO; previous_status: ShipmentStatus } | null> {
  const advanced = (await advanceShipments(work, [shipmentId])).get(shipmentId)
  if (advanced && "error" in advanced) throw advanced.error
  return advanced ?? null
}

/**
 * Moves a batch of shipments on as the one at a time would, with the
 * batch's bookkeeping shared: one claim, one renewal and one release for
 * all, `concurrency` shipments worked on at once, new ones created a group
 * at a time (createGroup), and the carrier's import checked by one status
 * call per `trackingSync.batchSize` shipments. `target`: the shipments, or
 * how many of those with work due to take. Shipments another process
 * holds are left out of the result; one that fails unexpectedly gets its
 * error, and the others go on. Every task ends before the claims are given
 * back: no call is ever made for a shipment once its claim is released.
 */
export async function advanceShipments(work: ShipmentWork, target: ShipmentsToClaim, { concurrency = 1 }: { concurrency?: number } = {}): Promise<Map<string, Advanced>> {
  const previous = new Map<string, ShipmentStatus>()
  const errors = new Map<string, unknown>()
  await withShipmentLeases(work.pickupPoints, target, work.lease, async (leases, claimed) => {
    const toCheck: PickupPointShipmentDTO[] = []
    const limit = concurrencyLimit(concurrency)
    // Each task keeps its own error: none may end the batch while others still run.
    const oneByOne = (shipment: PickupPointShipmentDTO) =>
      limit(async () => {
        try {
          const reached = await advanceToImport({ work, lease: leases.of(shipment.id) }, shipment)
          if (reached?.status === "awaiting_import") toCheck.push(reached)
        } catch (error) {
          errors.set(shipment.id, error)
        }
      })
    for (const shipment of claimed) previous.set(shipment.id, shipment.status as ShipmentStatus)
    // New shipments, the whole of a burst of placed orders, are created in groups; any other goes its own way.
    const isNew = (shipment: PickupPointShipmentDTO) => shipment.status === "pending" && !shipment.cancel_requested_at
    const fresh = claimed.filter(isNew)
    const groupSize = 2 * concurrency
    await Promise.all([
      (async () => {
        for (let start = 0; start < fresh.length; start += groupSize) {
          const group = fresh.slice(start, start + groupSize)
          try {
            const { awaiting, cancelRequested } = await createGroup(work, leases, group, limit, errors)
            toCheck.push(...awaiting)
            // A cancel requested meanwhile (the order cancelled while its create waited) comes first.
            await Promise.all(cancelRequested.map(oneByOne))
          } catch (error) {
            // createGroup keeps each shipment's error; this is only for what it could not foresee.
            for (const shipment of group) if (!errors.has(shipment.id)) errors.set(shipment.id, error)
          }
        }
      })(),
      ...claimed.filter((shipment) => !isNew(shipment)).map(oneByOne),
    ])
    const { batchSize } = work.pickupPoints.options.trackingSync
    for (let start = 0; start < toCheck.length; start += batchSize) {
      await checkImports(work, leases, toCheck.slice(start, start + batchSize), limit)
    }
  })
  // Read once the claims are given back, so that the job can take the shipments again at once.
  const ids = [...previous.keys()].filter((id) => !errors.has(id))
  const shipments = await work.pickupPoints.listShipmentsByIds(ids)
  const advanced = new Map<string, Advanced>([...errors].map(([id, error]) => [id, { error }]))
  for (const shipment of shipments) advanced.set(shipment.id, { shipment, previous_status: previous.get(shipment.id)! })
  return advanced
}

/**
 * One shipment's transitions up to the carrier's import, which is checked
 * for the batch (checkImports); the shipment as it is after them, or null
 * when it went no further this run.
 */
async function advanceToImport(held: Held, claimed: PickupPointShipmentDTO): Promise<PickupPointShipmentDTO | null> {
  let shipment: PickupPointShipmentDTO | null = claimed
  try {
    for (let transitions = 0; shipment && transitions < 3; transitions++) {
      if (shipment.cancel_requested_at && isCancellable(shipment.status)) {
        // Only a cancelled order's cancel is requested for the job (see cancelShipment).
        await cancelHeld(held, shipment, HISTORY_MESSAGES.orderCancelled, { orderCancelled: true }).catch((error) => postpone(held, shipment!, shipment!.status, error))
        return null
      }
      if (shipment.status === "awaiting_import") return shipment
      const next: PickupPointShipmentDTO | null = await transition(held, shipment)
      if (!next || next.status === shipment.status) return null
      shipment = next
    }
  } catch (error) {
    if (!(error instanceof ShipmentLeaseLostError)) throw error
    held.work.logger.warn(`[pickup-point] ${error.message}`)
  }
  return null
}

/** One transition towards the import; the shipment as it is after it, or null when nothing moved. */
async function transition(held: Held, shipment: PickupPointShipmentDTO): Promise<PickupPointShipmentDTO | null> {
  switch (shipment.status) {
    case "pending":
      return await attemptCreate(held, shipment)
    case "creating":
    case "unknown":
      return await reconcile(held, shipment)
    default:
      return null
  }
}

type Created = Awaited<ReturnType<ShipmentWork["client"]["create"]>>

/** What a created order's record gets from the service's answer. */
const createdChanges = (created: Created) => ({ order_reference_code: created.orderReferenceCode, pickup_point_public_code: created.pickupPointPublicCode ?? null })

async function attemptCreate({ work, lease }: Held, shipment: PickupPointShipmentDTO) {
  const creating = await work.pickupPoints.transitionShipment({
    id: shipment.id,
    from: "pending",
    to: "creating",
    owner: lease.owner,
    changes: { create_attempts: shipment.create_attempts + 1 },
    message: null,
  })
  if (!creating) throw new ShipmentLeaseLostError(shipment.id)
  await lease.ensureHeld()
  let created: Created
  try {
    created = await work.client.create(shipment.request as unknown as CreateShipmentOrderInput)
  } catch (error) {
    return await createNotMade({ work, lease }, creating, error)
  }
  // Outside the try: the order exists on the service now. A write that fails here (the database
  // unreachable) leaves the shipment `creating`, which the retry job looks up before any new create.
  return await moveOrLose(work, {
    id: shipment.id,
    from: "creating",
    to: "awaiting_import",
    owner: lease.owner,
    changes: createdChanges(created),
    message: HISTORY_MESSAGES.created,
  })
}

/**
 * Records a create that made no order, or may have: postponed (unknown when
 * it may have been made), or failed once the service keeps refusing it.
 */
async function createNotMade({ work, lease }: Held, creating: PickupPointShipmentDTO, error: unknown) {
  if (error instanceof ShipmentOrdersUnavailableError) {
    return await postpone({ work, lease }, creating, error.outcomeUnknown ? "unknown" : "pending", error)
  }
  if (error instanceof ShipmentOrdersProtocolError) {
    // An unreadable answer may still mean the order was created.
    return await postpone({ work, lease }, creating, "unknown", error)
  }
  if (error instanceof ShipmentOrdersUnauthorizedError) {
    // Nothing was made, and every order would fail alike until the store fixes its credentials (a key rotated on
    // the service, say): kept pending and tried again with the backoff, it is created once they pass.
    return await postpone({ work, lease }, creating, "pending", error)
  }
  const message = (error as Error).message
  const refused = error instanceof ShipmentOrdersRejectedError
  if (refused && creating.create_attempts > 1) {
    // An earlier attempt may have made the order (its answer lost, and a look-up missing it then: a service
    // may list an order only once imported), and this refusal be the service's to a second order of that
    // number: looked up before it counts as a refusal.
    const found = await lookUpAfterRefusal({ work, lease }, creating, message)
    if (found !== undefined) return found
  }
  // A refusal made nothing on the service and may be passing: tried again, a bounded number of times. Tries
  // refused for the credentials before it reached no verdict on the order: the refusals count from this one.
  const afterCredentials = isCredentialsRefusal(creating.last_error)
  const refusalsBefore = afterCredentials ? 0 : creating.retry_count
  if (refused && refusalsBefore + 1 < work.pickupPoints.options.shipmentRetry.refusedCreateAttempts) {
    return await postpone({ work, lease }, creating, "pending", error as Error, { restart: afterCredentials })
  }
  const failed = await moveOrLose(work, {
    id: creating.id,
    from: "creating",
    to: "failed",
    owner: lease.owner,
    changes: { last_error: message },
    message,
  })
  work.logger.error(
    `[pickup-point] the shipment order of order ${creating.order_number} (${creating.order_id}) failed: ${message} ` +
      `Fix what the service asks for, then retry the shipment from the order page (POST /admin/pickup-point/shipments/${creating.id}/retry).`
  )
  return failed
}

/**
 * Looks up the order of a repeated create the service refused: found, the
 * shipment is recorded as created; the look-up failing, it stays uncertain
 * (looked up again before any new create). Undefined when the service has
 * no such order, and the refusal counts.
 */
async function lookUpAfterRefusal(held: Held, creating: PickupPointShipmentDTO, refusal: string): Promise<PickupPointShipmentDTO | null | undefined> {
  const looked = await lookUpOrder(held, creating)
  if ("error" in looked) {
    return await postpone(held, creating, "unknown", `${refusal} Whether an earlier attempt made it could not be checked: ${safeErrorMessage(looked.error)}`)
  }
  return looked.found ? await recordFound(held, creating, looked.found.orderReferenceCode, HISTORY_MESSAGES.foundAfterRefusal) : undefined
}

/**
 * The creates of a group of new shipments, as attemptCreate makes each, with
 * the group's status changes before and after its calls made in one
 * statement each: a group is small (twice the calls at once), so that an
 * order created is recorded soon after its call, and a cancel requested
 * while the group waited its turn is seen before its calls (one requested
 * during them is carried out after the create). Never throws: a
 * shipment's error is kept in `errors`. The shipments now awaiting import,
 * and those whose cancel was requested (left for the cancel, uncalled or
 * created).
 */
async function createGroup(
  work: ShipmentWork,
  leases: ShipmentLeases,
  group: PickupPointShipmentDTO[],
  limit: ReturnType<typeof concurrencyLimit>,
  errors: Map<string, unknown>
): Promise<{ awaiting: PickupPointShipmentDTO[]; cancelRequested: PickupPointShipmentDTO[] }> {
  let creating: PickupPointShipmentDTO[]
  try {
    const attempts = group.map((shipment) => ({ shipment, changes: { create_attempts: shipment.create_attempts + 1 } }))
    creating = await moveTogether(work, leases, { from: "pending", to: "creating", message: null }, attempts)
  } catch (error) {
    for (const shipment of group) errors.set(shipment.id, error)
    return { awaiting: [], cancelRequested: [] }
  }
  const created: { shipment: PickupPointShipmentDTO; answer: Created }[] = []
  await Promise.all(
    creating
      .filter((shipment) => !shipment.cancel_requested_at)
      .map((shipment) =>
        limit(async () => {
          const held = { work, lease: leases.of(shipment.id) }
          try {
            await held.lease.ensureHeld()
            let answer: Created
            try {
              answer = await work.client.create(shipment.request as unknown as CreateShipmentOrderInput)
            } catch (error) {
              await createNotMade(held, shipment, error)
              return
            }
            created.push({ shipment, answer })
          } catch (error) {
            if (error instanceof ShipmentLeaseLostError) work.logger.warn(`[pickup-point] ${error.message}`)
            else errors.set(shipment.id, error)
          }
        })
      )
  )
  const uncalled = creating.filter((shipment) => shipment.cancel_requested_at)
  if (!created.length) return { awaiting: [], cancelRequested: uncalled }
  // After the calls: the orders exist on the service now. A write that fails here (the database
  // unreachable) leaves them `creating`, which the retry job looks up before any new create.
  try {
    const records = created.map(({ shipment, answer }) => ({ shipment, changes: createdChanges(answer) }))
    const awaiting = await moveTogether(work, leases, { from: "creating", to: "awaiting_import", message: HISTORY_MESSAGES.created }, records)
    return {
      awaiting: awaiting.filter((shipment) => !shipment.cancel_requested_at),
      cancelRequested: [...uncalled, ...awaiting.filter((shipment) => shipment.cancel_requested_at)],
    }
  } catch (error) {
    for (const { shipment } of created) errors.set(shipment.id, error)
    return { awaiting: [], cancelRequested: uncalled }
  }
}

/**
 * Moves shipments of the batch between two statuses in one statement (see
 * transitionShipments), each with its changes; the shipments that moved.
 * One that did not had its claim lost to another process, which carries on.
 */
async function moveTogether(
  work: ShipmentWork,
  leases: ShipmentLeases,
  move: { from: ShipmentStatus; to: ShipmentStatus; message: string | null },
  rows: { shipment: PickupPointShipmentDTO; changes: ShipmentChanges }[]
): Promise<PickupPointShipmentDTO[]> {
  const moved = await work.pickupPoints.transitionShipments({ ...move, owner: leases.owner, rows: rows.map(({ shipment, changes }) => ({ id: shipment.id, changes })) })
  const movedIds = new Set(moved.map((shipment) => shipment.id))
  for (const { shipment } of rows) {
    if (!movedIds.has(shipment.id)) work.logger.warn(`[pickup-point] ${new ShipmentLeaseLostError(shipment.id).message}`)
  }
  return moved
}

/** After an unknown outcome: find the order on the service before ever creating it again. */
async function reconcile(held: Held, shipment: PickupPointShipmentDTO) {
  const looked = await lookUpOrder(held, shipment)
  if ("error" in looked) return await postpone(held, shipment, "unknown", looked.error)
  if (looked.found) return await recordFound(held, shipment, looked.found.orderReferenceCode, HISTORY_MESSAGES.foundAfterUnknown)
  return await moveOrLose(held.work, {
    id: shipment.id,
    from: ["creating", "unknown"],
    to: "pending",
    owner: held.lease.owner,
    // The tries so far are kept: a service whose creates keep timing out is tried ever less often.
    changes: { retry_count: shipment.retry_count },
    message: HISTORY_MESSAGES.notFoundAfterUnknown,
  })
}

/** The service's order of the shipment's number, looked up under its claim (a lost claim throws), or why it could not be. */
async function lookUpOrder({ work, lease }: Held, shipment: PickupPointShipmentDTO): Promise<{ found: { orderReferenceCode: string } | null } | { error: unknown }> {
  try {
    await lease.ensureHeld()
    return { found: await work.client.getIdentifier(shipment.order_number) }
  } catch (error) {
    if (error instanceof ShipmentLeaseLostError) throw error
    return { error }
  }
}

/** Records an order a look-up found on the service as created. */
async function recordFound({ work, lease }: Held, shipment: PickupPointShipmentDTO, reference: string, message: string) {
  return await moveOrLose(work, {
    id: shipment.id,
    from: ["creating", "unknown"],
    to: "awaiting_import",
    owner: lease.owner,
    changes: { order_reference_code: reference },
    message,
  })
}

/**
 * Asks the service whether the shipments' orders are imported, in one
 * status call for them all (renewing their claims first): the imported ones
 * become ready, with their tracking numbers, in one statement; the others
 * are tried again later. Never throws: a write that fails (the database
 * unreachable) is logged and leaves the shipments awaiting import, which
 * the retry job checks again.
 */
async function checkImports(work: ShipmentWork, leases: ShipmentLeases, shipments: PickupPointShipmentDTO[], limit: ReturnType<typeof concurrencyLimit>) {
  const leftAwaiting = (ids: string[], error: unknown) =>
    work.logger.error(`[pickup-point] the import of shipments ${ids.join(", ")} was not recorded: ${safeErrorMessage(error)} The retry job checks it again.`)
  let checked: PickupPointShipmentDTO[]
  try {
    const held = new Set(await leases.ensureHeld(shipments.map((shipment) => shipment.id)))
    checked = shipments.filter((shipment) => held.has(shipment.id))
  } catch (error) {
    leftAwaiting(shipments.map((shipment) => shipment.id), error)
    return
  }
  if (!checked.length) return
  let answers: (StatusItem | undefined)[] | Error
  try {
    const { items } = await work.client.status(checked.map((shipment) => ({ orderReferenceCode: shipment.order_reference_code! })))
    answers = answersInOrder(checked, items)
  } catch (error) {
    answers = error as Error
  }
  const imported = checked.flatMap((shipment, i) => {
    const answer = answers instanceof Error ? undefined : answers[i]
    return answer?.success ? [{ shipment, answer }] : []
  })
  const importedIds = new Set(imported.map(({ shipment }) => shipment.id))
  await Promise.all([
    (async () => {
      if (!imported.length) return
      try {
        const numbers = imported.map(({ shipment, answer }) => ({ shipment, changes: { tracking_number: answer.tracking?.number ?? null } }))
        await moveTogether(work, leases, { from: "awaiting_import", to: "ready", message: HISTORY_MESSAGES.imported }, numbers)
      } catch (error) {
        leftAwaiting([...importedIds], error)
      }
    })(),
    // Not imported yet, or no answer: tried again later.
    ...checked
      .map((shipment, i) => ({ shipment, answer: answers instanceof Error ? answers : answers[i] }))
      .filter(({ shipment }) => !importedIds.has(shipment.id))
      .map(({ shipment, answer }) =>
        limit(async () => {
          try {
            // The carrier's "not imported yet" is the normal wait after a create (logged as such); no answer is a fault.
            await postpone({ work, lease: leases.of(shipment.id) }, shipment, "awaiting_import", answer instanceof Error ? answer : answer?.message || "Not imported yet", {
              expected: !!answer && !(answer instanceof Error),
            })
          } catch (error) {
            if (error instanceof ShipmentLeaseLostError) work.logger.warn(`[pickup-point] ${error.message}`)
            else leftAwaiting([shipment.id], error)
          }
        })
      ),
  ])
}

type StatusItem = Awaited<ReturnType<ShipmentOrdersClient["status"]>>["items"][number]

/**
 * The status answer's item for each shipment, by its reference code (the
 * spec does not say the items come in the request's order); a lone item
 * without a reference answers a lone question. Unmatched: tried again later.
 */
function answersInOrder(shipments: PickupPointShipmentDTO[], items: StatusItem[]): (StatusItem | undefined)[] {
  if (shipments.length === 1 && items.length === 1 && !items[0]?.order?.orderReferenceCode) return [items[0]]
  const byReference = new Map(items.flatMap((item) => (item.order?.orderReferenceCode ? [[item.order.orderReferenceCode, item] as const] : [])))
  return shipments.map((shipment) => byReference.get(shipment.order_reference_code!))
}

async function moveOrLose(work: ShipmentWork, change: Parameters<PickupPointModuleService["transitionShipment"]>[0]) {
  const moved = await work.pickupPoints.transitionShipment(change)
  if (!moved) throw new ShipmentLeaseLostError(change.id)
  return moved
}

/**
 * Keeps or moves to `to` and schedules the next try with exponential
 * backoff. Null: a postponed shipment goes no further in this run.
 * `why`: the service's own words, or the error that stopped the try;
 * `expected`: a wait the flow goes through (the carrier importing the
 * order), logged as info rather than as a warning.
 */
async function postpone(
  { work, lease }: Held,
  shipment: PickupPointShipmentDTO,
  to: ShipmentStatus,
  why: string | unknown,
  { restart = false, expected = false } = {}
): Promise<null> {
  // Kept as the shipment's last error and in its history, which the admin reads, and logged.
  const error = typeof why === "string" ? why : safeErrorMessage(why)
  const postponed = await work.pickupPoints.postponeShipment({
    id: shipment.id,
    from: shipment.status as ShipmentStatus,
    to,
    owner: lease.owner,
    error,
    restart,
  })
  if (!postponed) throw new ShipmentLeaseLostError(shipment.id)
  work.logger[expected ? "info" : "warn"](`[pickup-point] shipment ${shipment.id} (${to}): ${error}`)
  return null
}

/** The service made a label whose answer was lost, and refuses to cancel a labelled order. */
class UnseenLabelError extends MedusaError {
  constructor(orderNumber: string, { orderCancelled }: { orderCancelled: boolean }) {
    super(
      MedusaError.Types.NOT_ALLOWED,
      `Shipment order ${orderNumber} cannot be cancelled: ${UNSEEN_LABEL_REFUSAL}. ` +
        (orderCancelled
          ? "Ask the carrier to void the label; the cancel is tried again until the carrier reports the order cancelled."
          : `"Fulfill items" again to get the label.`)
    )
  }
}

/**
 * Cancels on the service (looking the order up first when it has no
 * reference code after a create attempt), then records it.
 * `orderCancelled`: the cancel is owed to an order Medusa has cancelled (it
 * says what to do when it cannot be done).
 */
async function cancelHeld({ work, lease }: Held, shipment: PickupPointShipmentDTO, notes: string | undefined, { orderCancelled }: { orderCancelled: boolean }) {
  let reference = shipment.order_reference_code
  await lease.ensureHeld()
  // Looked up too after any create attempt: a failed or pending shipment's earlier attempt may have made the order.
  if (!reference && (isCreationUncertain(shipment.status) || shipment.create_attempts > 0)) {
    reference = (await work.client.getIdentifier(shipment.order_number))?.orderReferenceCode ?? null
  }
  let message = notes || HISTORY_MESSAGES.cancelled
  // A label asked for and never recorded may exist all the same: the service refuses to cancel it then,
  // until the carrier voids it (its status then reads cancelled, and nothing is left to cancel).
  let stage: TrackingStage | null = null
  if (isCancelledByCarrier(work, shipment)) {
    stage = "cancelled"
  } else if (reference && shipment.label_requested_at) {
    stage = (await stageOnService(work.client, reference, work.pickupPoints.statusMapping)).stage
  }
  if (hasLabelStage(stage)) {
    throw new UnseenLabelError(shipment.order_number, { orderCancelled })
  }
  if (stage === "cancelled") {
    message = cancelledOnServiceMessage(message, reference)
  } else if (reference) {
    try {
      await work.client.cancel({ orderReferenceCode: reference, notes })
    } catch (error) {
      // The service's own word that it holds no such order: nothing is left to cancel (retried, it would never pass).
      if (error instanceof ShipmentOrderNotFoundError) {
        message = `${message}: the carrier has no shipment order ${reference} (${error.message})`
      } else if (await cancelledOnService(work, reference, error)) {
        // An earlier attempt (its answer lost) cancelled it, and the service refuses or drops the repeat.
        message = cancelledOnServiceMessage(message, reference)
      } else {
        throw error
      }
    }
  }
  return await moveOrLose(work, {
    id: shipment.id,
    from: shipment.status as ShipmentStatus,
    to: "cancelled",
    owner: lease.owner,
    changes: { order_reference_code: reference, cancel_requested_at: null },
    message,
  })
}

/** Whether the carrier's tracking reports the shipment order cancelled (after its label, only the carrier can). */
function isCancelledByCarrier(work: ShipmentWork, shipment: PickupPointShipmentDTO): boolean {
  return !!shipment.tracking_status_code && stageOf(shipment.tracking_status_code, work.pickupPoints.statusMapping) === "cancelled"
}

/**
 * Whether a cancel that failed was carried out all the same: refused (a
 * repeat of one whose answer was lost, which the spec does not say is
 * accepted) or with an unknown outcome (no answer, or one that cannot be
 * read), the service's status reads cancelled. Not asked when the service
 * is plainly unavailable.
 */
async function cancelledOnService(work: ShipmentWork, reference: string, error: unknown): Promise<boolean> {
  const mayBeDone = error instanceof ShipmentOrdersRejectedError || isOutcomeUnknown(error)
  if (!mayBeDone) return false
  const onService = await stageOnService(work.client, reference, work.pickupPoints.statusMapping).catch(() => null)
  return onService?.stage === "cancelled"
}

/**
 * Cancels a shipment order on the service. Refused once a label exists or
 * the shipment is confirmed. With `deferOnCarrierError` (an order that is
 * cancelled already, so the cancel is owed), any fault or refusal of the
 * service (a label it made unseen included), or a shipment another process
 * holds, only records the request and why: the retry job carries it out,
 * and the admin sees it pending.
 */
export async function cancelShipment(
  work: ShipmentWork,
  shipment: PickupPointShipmentDTO,
  notes: string | undefined,
  { deferOnCarrierError = false }: { deferOnCarrierError?: boolean } = {}
): Promise<PickupPointShipmentDTO> {
  if (shipment.status === "cancelled") {
    return shipment
  }
  // After the label, only the carrier cancels: once its tracking says so, the record follows.
  const refusal = isCancelledByCarrier(work, shipment) ? null : cancelRefusal(shipment)
  if (refusal) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  }
  const defer = async (why: string) =>
    (await work.pickupPoints.requestShipmentCancel(shipment.id, why)) ?? (await work.pickupPoints.retrievePickupPointShipment(shipment.id))
  const outcome = await withShipmentLease(work.pickupPoints, shipment.id, work.lease, async (lease, claimed) => {
    // Cancelled by another process since it was read: nothing left to call the service for.
    if (claimed.status === "cancelled") {
      return claimed
    }
    try {
      // A cancel requested for the job is a cancelled order's too (see advanceShipment), whoever asks now.
      const orderCancelled = deferOnCarrierError || !!claimed.cancel_requested_at
      return await cancelHeld({ work, lease }, claimed, notes, { orderCancelled })
    } catch (error) {
      // Not only an unreachable or importing service: an unreadable answer may hide a cancel that
      // was made (a repeated cancel is answered "already cancelled"), a refusal may pass, and a
      // claim lost to another process leaves the shipment to it and then to the retry job.
      if (deferOnCarrierError && (isShipmentOrdersError(error) || error instanceof ShipmentLeaseLostError || error instanceof UnseenLabelError)) {
        return await defer(error.message)
      }
      throw toMedusaError(error, `The carrier did not cancel shipment order ${shipment.order_number}`)
    }
  })
  if (outcome) {
    return outcome
  }
  if (deferOnCarrierError) {
    return await defer("another process is working on the shipment")
  }
  throw new MedusaError(MedusaError.Types.CONFLICT, `Shipment order ${shipment.order_number} is being worked on; try again shortly.`)
}
