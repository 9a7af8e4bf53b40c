/** Class names per slot of a component: the store styles every part with its own CSS (or Tailwind) classes. */
export type ClassNames<Slot extends string> = Partial<Record<Slot, string>>

/** Joins the truthy class names, or undefined when there are none (so no empty `class` attribute is rendered). */
export function cx(...names: (string | false | null | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ")
  return joined || undefined
}
