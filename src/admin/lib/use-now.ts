import { useEffect, useState } from "react"

/** The current time, renewed every `everyMs`, so that "allowed from" moments enable their buttons when they pass. */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
