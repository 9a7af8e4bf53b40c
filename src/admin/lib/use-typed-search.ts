import { useEffect, useState } from "react"

/** How long typing pauses before a list's search runs. */
export const SEARCH_PAUSE_MS = 300

/**
 * A list's search box: it shows what is typed at once, and `onPause` gets the
 * text once typing pauses (one request per pause rather than per key). The
 * list keeps its search in the URL (useListUrlState); the page is mounted
 * again on Back and Forward, and Medusa's sidebar link keeps the URL's search,
 * so the URL never changes under the box.
 */
export function useTypedSearch(searched: string, onPause: (typed: string) => void) {
  const [typed, setTyped] = useState(searched)
  useEffect(() => {
    if (typed === searched) return
    const timer = setTimeout(() => onPause(typed), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed])
  return [typed, setTyped] as const
}
