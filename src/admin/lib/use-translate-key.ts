import { useTranslation } from "react-i18next"
import type { TranslateKey } from "./history-line"

/** The admin's translation of a key, or the fallback; no interpolation: stored English lines are put in by hand. */
export function useTranslateKey(): TranslateKey {
  const { t } = useTranslation()
  return (key, fallback) => t(key, { skipInterpolation: true, defaultValue: fallback })
}
