import { useState } from "react"

/**
 * The rows chosen for a bulk action, kept across pages and filters: each
 * row's own toggle, and the page's (every row of it, or none). A row chosen
 * on another page keeps the copy it was chosen with; one the list shows is
 * taken as the list shows it now.
 */
export function useRowSelection<T extends { id: string }>(rows: readonly T[]) {
  const [selected, setSelected] = useState<Map<string, T>>(new Map())
  const listed = new Map(rows.map((row) => [row.id, row]))
  const chosen = [...selected.values()].map((row) => listed.get(row.id) ?? row)
  const chosenOnPage = rows.filter((row) => selected.has(row.id)).length
  const pageChecked: boolean | "indeterminate" = rows.length > 0 && chosenOnPage === rows.length ? true : chosenOnPage > 0 ? "indeterminate" : false

  const choose = (changed: readonly T[], checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      for (const row of changed) {
        if (checked) next.set(row.id, row)
        else next.delete(row.id)
      }
      return next
    })

  return {
    selected,
    chosen,
    /** The page's checkbox: checked when every row of it is chosen, indeterminate when some are. */
    pageChecked,
    toggle: (row: T, checked: boolean) => choose([row], checked),
    /** Chooses every row of the page, or lets them all go (from "indeterminate", chooses them all). */
    togglePage: (checked: boolean) => choose(rows, checked),
    /** Keeps a chosen row's copy as it is now (after an edit), without choosing it. */
    refresh: (row: T) => setSelected((current) => (current.has(row.id) ? new Map(current).set(row.id, row) : current)),
    clear: () => setSelected(new Map()),
  }
}
