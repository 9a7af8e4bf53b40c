import os from "node:os"
import v8 from "node:v8"
import vm from "node:vm"

/*
 * What every benchmark prints: the plugin's figure next to its floor (the
 * same unavoidable work done bare, in the same run), their ratio, and how
 * each grows from the smaller size to the larger. Ratios mean the same on a
 * busy machine; absolute times are printed next to them.
 */

/** `ratio 1.23× (target ≤ 1.5×: met)`. */
export function ratio(plugin: number, floor: number, target?: number): string {
  const value = plugin / floor
  return `ratio ${value.toFixed(2)}×${target === undefined ? "" : ` (target ≤ ${target}×: ${value <= target ? "met" : "MISSED"})`}`
}

/** `growth 9.8× for 10× the size`. */
export function growth(small: number, large: number, sizeFactor: number): string {
  return `growth ${(large / small).toFixed(2)}× for ${Number(sizeFactor.toFixed(2))}× the size`
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`
}

/** The machine's load as `uptime` says it, printed with every report. */
export function machineLoad(): string {
  return `load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} on ${os.cpus().length} cores`
}

/** Runs `fn` over `items` with at most `concurrency` at once, in order of start. */
export async function eachConcurrently<T>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      await fn(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

// A real collection before each reading, so that the figures are live memory, not garbage not yet collected.
v8.setFlagsFromString("--expose-gc")
export const collectGarbage: () => void = vm.runInNewContext("gc")

/**
 * Live heap (after a forced collection, unless told not to) and RSS sampled every `everyMs`
 * while something runs: the growth of the live heap over the start, at its
 * peak and after, and the RSS peak, in MB.
 */
export function sampleMemory(everyMs = 1_000, options: { collect: boolean } = { collect: true }) {
  // A forced collection costs a few hundred ms on a loaded machine: sample short runs without it (garbage counts then).
  const collect = options.collect ? collectGarbage : () => undefined
  collect()
  const heapStart = process.memoryUsage().heapUsed
  let heapPeak = heapStart
  let rssPeak = process.memoryUsage().rss
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    collect()
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }
  const timer = setInterval(sample, everyMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      const MB = 2 ** 20
      return {
        heapPeakMB: (heapPeak - heapStart) / MB,
        heapAfterMB: (process.memoryUsage().heapUsed - heapStart) / MB,
        rssPeakMB: rssPeak / MB,
      }
    },
  }
}

export function elapsedMs(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6
}
