import { WEBHOOK_RESULTS } from "../../modules/pickup-point/lib/webhook-results"
import type { TranslateKey } from "./history-line"

const MOVED_TO = WEBHOOK_RESULTS.applied("")

/**
 * A webhook delivery's result in the admin's language. Results are stored in English; the fixed ones
 * have keys under `pickupPoint.health.results`, and "Moved to <stage>" names its stage by its key.
 * Anything else (what was wrong with a body) is the platform's to read, and stays as written.
 */
export function webhookResultLine(result: string | null | undefined, translate: TranslateKey): string {
  if (!result) return ""
  if (result.startsWith(MOVED_TO)) {
    const stage = result.slice(MOVED_TO.length)
    return translate("pickupPoint.health.results.applied", result).replace("{{stage}}", translate(`pickupPoint.stage.${stage}`, stage))
  }
  const fixed = (Object.keys(WEBHOOK_RESULTS) as (keyof typeof WEBHOOK_RESULTS)[]).find((name) => WEBHOOK_RESULTS[name] === result)
  return fixed ? translate(`pickupPoint.health.results.${fixed}`, result) : result
}
