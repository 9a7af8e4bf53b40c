import type { FaultKind } from "./faults"
import type { MerchantOperation } from "./merchant-operations"

export type RecordedCall = {
  operation: MerchantOperation
  merchantCode: string | null
  /** Null when no answer was sent (a `timeout` or `commit_then_drop` fault). */
  httpStatus: number | null
  success: boolean
  at: string
  fault?: FaultKind
}

/** Every merchant API call the sandbox received, oldest first. */
export class CallLog {
  private calls: RecordedCall[] = []

  record(call: Omit<RecordedCall, "at">): void {
    this.calls.push({ ...call, at: new Date().toISOString() })
  }

  list(): RecordedCall[] {
    return [...this.calls]
  }

  clear(): void {
    this.calls = []
  }
}
