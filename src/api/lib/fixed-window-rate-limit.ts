/** What counting one request answers: allowed, or refused with the whole seconds until the client's window ends. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * A fixed-window counter per client, in this process's memory: at most
 * `max` requests in each window of `windowMs`, which starts at a client's
 * first request. Memory stays bounded: past `maxClients`, expired windows
 * are dropped, then the oldest.
 */
export class FixedWindowRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>()

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxClients = 100_000
  ) {}

  take(client: string, now = Date.now()): RateLimitDecision {
    let window = this.windows.get(client)
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(client)
      this.makeRoom(now)
      window = { startedAt: now, count: 0 }
      this.windows.set(client, window)
    }
    if (window.count >= this.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)) }
    }
    window.count += 1
    return { allowed: true }
  }

  /** Clients with a window open (for tests). */
  get size(): number {
    return this.windows.size
  }

  private makeRoom(now: number) {
    if (this.windows.size < this.maxClients) return
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(client)
    }
    // Still full: the oldest windows go first (a Map iterates in insertion order).
    for (const client of this.windows.keys()) {
      if (this.windows.size < this.maxClients) break
      this.windows.delete(client)
    }
  }
}
