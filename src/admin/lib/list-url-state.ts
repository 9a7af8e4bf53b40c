import { useSearchParams } from "react-router-dom"

/**
 * A list's filters and page, kept in the URL as Medusa's own lists keep
 * theirs: a reload, a shared link or "Back" from an order finds the list as
 * it was left. A value missing or not among `allowed` reads as its default;
 * a default is left out of the URL. Changes replace the history entry, so
 * "Back" leaves the list rather than undoing a filter.
 */
export function useListUrlState<K extends string>(defaults: Record<K, string>, allowed: Partial<Record<K, readonly string[]>> = {}) {
  const [params, setParams] = useSearchParams()
  const values = {} as Record<K, string>
  for (const key of Object.keys(defaults) as K[]) {
    const value = params.get(key)
    values[key] = value !== null && (!allowed[key] || allowed[key]!.includes(value)) ? value : defaults[key]
  }
  const set = (changes: Partial<Record<K, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value === undefined || value === defaults[key]) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true }
    )
  return [values, set] as const
}

/** The page index an `offset` in the URL names: a whole page from 0, else the first. */
export function pageIndexOf(offset: string, pageSize: number): number {
  const value = Number(offset)
  // A safe integer, as the API takes it: a larger one would be refused, and the list stay empty.
  return Number.isSafeInteger(value) && value > 0 ? Math.floor(value / pageSize) : 0
}
