/**
 * At most `limit` tasks at once in this process; the rest wait their turn,
 * in order. For work an in-process event bus would otherwise start all at
 * once (a burst of placed orders), which holds every database connection
 * and starves each task's own calls of the event loop past their deadline.
 */
export function concurrencyLimit(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < limit) {
      active++
    } else {
      // The finishing task hands its place over: `active` stays the same.
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}
