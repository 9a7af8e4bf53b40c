import { z } from "zod"
import { MERCHANT_OPERATION_NAMES, type MerchantOperation } from "./merchant-operations"

export const FAULT_KINDS = [
  "http_500",
  "http_503",
  "timeout",
  "malformed",
  "reject",
  "commit_then_drop",
] as const

/**
 * Faults only a test asks for by name, never drawn by `kind: "*"`:
 * `not_found` answers as for an order the service does not have (HTTP 404),
 * as a service that lists an order only once imported would; drawn at
 * random, it would have the client create an order again.
 */
export const SCRIPTED_FAULT_KINDS = ["not_found"] as const

export type FaultKind = (typeof FAULT_KINDS)[number] | (typeof SCRIPTED_FAULT_KINDS)[number]

/**
 * A fault is spent on the next `times` calls, or, with `probability`, strikes
 * each call with that chance until cleared. `kind: "*"` picks one of the kinds
 * at random for each call it strikes. `seed` makes the draws repeatable.
 */
export const faultSchema = z
  .object({
    operation: z.enum([...MERCHANT_OPERATION_NAMES, "*"]),
    kind: z.enum([...FAULT_KINDS, ...SCRIPTED_FAULT_KINDS, "*"]),
    times: z.number().int().min(1).optional(),
    probability: z.number().gt(0).max(1).optional(),
    seed: z.number().int().optional(),
    /** Strikes only calls whose request names this order (a status batch holding it, say). */
    order_reference_code: z.string().min(1).optional(),
  })
  .refine((fault) => fault.times === undefined || fault.probability === undefined, {
    message: "give either times or probability, not both",
    path: ["probability"],
  })
  .transform((fault) => (fault.probability === undefined ? { ...fault, times: fault.times ?? 1 } : fault))

type Fault = z.output<typeof faultSchema>
type HeldFault = Fault & { draw: () => number }

/** Scripted failures: a counted fault spends itself on the next `times` calls of its operation; a probable one stays. */
export class FaultQueue {
  private faults: HeldFault[] = []

  add(fault: Fault): void {
    this.faults.push({ ...fault, draw: fault.seed === undefined ? Math.random : seededRandom(fault.seed) })
  }

  clear(): void {
    this.faults = []
  }

  /** The fault the next call of `operation` (naming the orders `orders`) must suffer, if any, spending one of its times. */
  take(operation: MerchantOperation, orders: readonly string[] = []): FaultKind | undefined {
    for (const fault of this.faults) {
      if (fault.operation !== operation && fault.operation !== "*") {
        continue
      }
      if (fault.order_reference_code !== undefined && !orders.includes(fault.order_reference_code)) {
        continue
      }
      if (fault.probability !== undefined) {
        if (fault.draw() < fault.probability) {
          return pickKind(fault)
        }
        continue
      }
      fault.times = (fault.times ?? 1) - 1
      if (fault.times === 0) {
        this.faults.splice(this.faults.indexOf(fault), 1)
      }
      return pickKind(fault)
    }
    return undefined
  }

  list(): Fault[] {
    return this.faults.map(({ draw: _draw, ...fault }) => ({ ...fault }))
  }
}

function pickKind(fault: HeldFault): FaultKind {
  return fault.kind === "*" ? FAULT_KINDS[Math.floor(fault.draw() * FAULT_KINDS.length)] : fault.kind
}

/** mulberry32: a small repeatable generator, so that a soak can be replayed with the same faults. */
/** mulberry32: a small seeded generator, so that a seeded draw (or a bench's resampling) repeats. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
