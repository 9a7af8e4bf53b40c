import { seededRandom } from "../src/sandbox/faults"

/** Percentile of a list of durations (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export function describe(label: string, values: number[]): string {
  return `${label.padEnd(28)} n=${String(values.length).padStart(4)}  p50=${percentile(values, 50).toFixed(2).padStart(8)} ms  p95=${percentile(values, 95).toFixed(2).padStart(8)} ms`
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint()
  const result = await fn()
  return [result, Number(process.hrtime.bigint() - started) / 1e6]
}

/**
 * A 95% interval for the ratio of two percentiles, by a paired bootstrap:
 * the runs' pairs (the i-th of each list was measured side by side) are
 * resampled with replacement `rounds` times, with a seeded draw, so that the
 * interval says how far the ratio could move on another run of the same size
 * on the same machine, and is the same for the same figures. For a tail
 * percentile of a small run (p95 of 100 rests on its five slowest) it comes
 * out narrower than the truth: a lower bound on the noise.
 */
export function percentileRatioInterval(numerator: number[], denominator: number[], p: number, rounds = 2000, seed = 1): [number, number] {
  const pairs = Math.min(numerator.length, denominator.length)
  const random = seededRandom(seed)
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const picked = Array.from({ length: pairs }, () => Math.floor(random() * pairs))
    ratios.push(percentile(picked.map((i) => numerator[i]), p) / percentile(picked.map((i) => denominator[i]), p))
  }
  ratios.sort((a, b) => a - b)
  return [ratios[Math.floor(0.025 * rounds)], ratios[Math.ceil(0.975 * rounds) - 1]]
}

/** A ratio's verdict against its target, judged on the three decimals printed, saying when the run was too small to tell. */
export function ratioVerdict(ratio: number, [low, high]: [number, number], target: number): string {
  const printed = (value: number) => Number(value.toFixed(3))
  if (printed(high) <= target) return "met"
  if (printed(low) > target) return "MISSED"
  return `${printed(ratio) <= target ? "met" : "MISSED"} by this run, but the interval spans the target: not resolved at this size`
}
