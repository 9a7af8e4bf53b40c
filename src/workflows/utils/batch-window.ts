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
