/** Where the picker keeps the last chosen point when the store opts in; only the code, never personal data. */
export const DEFAULT_REMEMBER_KEY = "medusa-pickup-point:last"

export type RememberOption = boolean | { key?: string; storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> }

type Store = { key: string; storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> }

/** The storage to use, or null when the store has not opted in or the browser refuses storage (private mode, SSR). */
export function rememberStore(option: RememberOption | undefined): Store | null {
  if (!option) return null
  const key = (typeof option === "object" && option.key) || DEFAULT_REMEMBER_KEY
  if (typeof option === "object" && option.storage) return { key, storage: option.storage }
  try {
    const storage = typeof window !== "undefined" ? window.localStorage : undefined
    return storage ? { key, storage } : null
  } catch {
    return null
  }
}

export function recallPointCode(option: RememberOption | undefined): string | null {
  const store = rememberStore(option)
  try {
    const code = store?.storage.getItem(store.key)
    return code && code.length <= 100 ? code : null
  } catch {
    return null
  }
}

export function rememberPointCode(option: RememberOption | undefined, code: string | null): void {
  const store = rememberStore(option)
  try {
    if (!store) return
    if (code) store.storage.setItem(store.key, code)
    else store.storage.removeItem(store.key)
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}
