/**
 * When a DataLoader batch starts (its `batchScheduleFn`): once its window
 * is over, or at once when it is full (a burst's first orders wait for
 * nothing more). `added` is told of each key after DataLoader has put it in
 * the batch; each batch runs once.
 */
export function windowOrFull(windowMs: number, size: number) {
  type Batch = { run: () => void; timer?: NodeJS.Timeout; orders: number }
  let open: Batch | undefined
  return {
    schedule(run: () => void) {
      const batch: Batch = { run, orders: 0 }
      batch.timer = setTimeout(() => {
        if (open === batch) open = undefined
        run()
      }, windowMs)
      open = batch
    },
    added() {
      if (!open || ++open.orders < size) return
      const { run, timer } = open
      open = undefined
      clearTimeout(timer)
      run()
    },
  }
}

/**
 * When a DataLoader batch starts (its `batchScheduleFn`): at once while
 * fewer than `limit` batches run, else once one of them ends (`ended`, told
 * by the batch function), the batch meanwhile staying open to what arrives.
 * So batches are as small as the load lets them be: alone a request waits
 * for nothing, and under load each batch takes what came during the last.
 */
export function whenBatchSlotFree(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  const start = (run: () => void) => {
    running++
    run()
  }
  return {
    schedule(run: () => void) {
      // After this turn's I/O: requests read together join the batch.
      setImmediate(() => (running < limit ? start(run) : waiting.push(run)))
    },
    ended() {
      running--
      const next = waiting.shift()
      if (next) start(next)
    },
  }
}
