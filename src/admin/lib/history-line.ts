import type { TimelineEntry } from "./types"

type Described = NonNullable<Extract<TimelineEntry, { kind: "status" }>["message_key"]>

/** A translation of a key, or the fallback when there is none; no interpolation. */
export type TranslateKey = (key: string, fallback: string) => string

/**
 * A history line in the admin's language. The history is stored in English;
 * its fixed lines have keys under `pickupPoint.history`, and so do the parts
 * that are fixed lines themselves (`param_keys`). The parts are put in once,
 * by hand rather than by i18next: an admin's note may itself hold "{{...}}".
 */
export function historyLine(described: Described | null | undefined, message: string | null, translate: TranslateKey): string | null {
  if (!described) return message
  const part = (name: string, placeholder: string) => {
    const value = described.params[name]
    if (value === undefined) return placeholder
    const key = described.param_keys?.[name]
    return key ? translate(`pickupPoint.history.${key}`, value) : value
  }
  return translate(`pickupPoint.history.${described.key}`, message ?? "").replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    part(name, placeholder)
  )
}
