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
