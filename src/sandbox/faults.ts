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

export type FaultKind = (typeof FAULT_KINDS)[number]

export const faultSchema = z.object({
  operation: z.enum([...MERCHANT_OPERATION_NAMES, "*"]),
  kind: z.enum(FAULT_KINDS),
  times: z.number().int().min(1).default(1),
})

type Fault = z.output<typeof faultSchema>

/** Scripted failures: each fault spends itself on the next `times` calls of its operation. */
export class FaultQueue {
  private faults: Fault[] = []

  add(fault: Fault): void {
    this.faults.push({ ...fault })
  }

  clear(): void {
    this.faults = []
  }

  /** The fault the next call of `operation` must suffer, if any, spending one of its times. */
  take(operation: MerchantOperation): FaultKind | undefined {
    const fault = this.faults.find((f) => f.operation === operation || f.operation === "*")
    if (!fault) {
      return undefined
    }
    fault.times -= 1
    if (fault.times === 0) {
      this.faults.splice(this.faults.indexOf(fault), 1)
    }
    return fault.kind
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }))
  }
}
