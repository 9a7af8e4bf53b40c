import { Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../lib/format"
import { historyLine } from "../lib/history-line"
import { useTranslateKey } from "../lib/use-translate-key"
import { webhookResultLine } from "../lib/webhook-result-line"
import { trackingStatusText } from "../lib/tracking-status"
import type { TimelineEntry } from "../lib/types"

/** Whether a history message only repeats its status ("Label generated" for label_generated). */
const sameWords = (message: string, status: string) => message.trim().toLowerCase() === status.replace(/_/g, " ")

function EntryText({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation()
  const translate = useTranslateKey()
  switch (entry.kind) {
    case "status": {
      const message = historyLine(entry.message_key, entry.message, translate)
      // A note's message is what happened; a status change is titled by its status.
      return (
        <>
          <Text size="small" weight="plus">
            {entry.note ? message : t(`pickupPoint.status.${entry.status}`, { defaultValue: entry.status })}
          </Text>
          {!entry.note && entry.message && message && !sameWords(entry.message, entry.status) ? (
            <Text size="small" className="text-ui-fg-subtle">
              {message}
            </Text>
          ) : null}
          {entry.actor ? (
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.timeline.by", { actor: entry.actor })}
            </Text>
          ) : null}
        </>
      )
    }
    case "tracking":
      return (
        <>
          <Text size="small" weight="plus">
            {trackingStatusText(entry.status_code, entry.status_description, (key, fallback) => t(key, { defaultValue: fallback }))}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {t("pickupPoint.timeline.tracking", { code: entry.status_code, source: t(`pickupPoint.timeline.source.${entry.source}`) })}
          </Text>
        </>
      )
    case "verification_code":
      return (
        <>
          <Text size="small" weight="plus">
            {t(entry.confirmed ? "pickupPoint.timeline.codeSent" : "pickupPoint.timeline.codeProbablySent", { email: entry.masked_email || t("pickupPoint.timeline.emailRemoved") })}
          </Text>
          {!entry.confirmed && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.timeline.codeUnconfirmed")}
            </Text>
          )}
          <Text size="small" className="text-ui-fg-subtle">
            {entry.actor ? t("pickupPoint.timeline.by", { actor: entry.actor }) : t("pickupPoint.timeline.bySystem")}
          </Text>
        </>
      )
    case "webhook":
      return (
        <>
          <Text size="small" weight="plus">
            {t("pickupPoint.timeline.webhook", {
              verdict: t(`pickupPoint.verdict.${entry.verdict}`, { defaultValue: entry.verdict }),
              code: entry.status_code ?? "—",
            })}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {webhookResultLine(entry.result, translate)}
            {entry.deliveries > 1 ? ` ${t("pickupPoint.timeline.deliveries", { count: entry.deliveries })}` : ""}
          </Text>
        </>
      )
  }
}

/** The shipment's story, newest first: its states, tracking, code sends and webhook deliveries. */
export function ShipmentTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, i18n } = useTranslation()
  return (
    <section aria-labelledby="pickup-point-timeline-heading" className="px-6 py-4">
      <Heading level="h3" id="pickup-point-timeline-heading" className="mb-3">
        {t("pickupPoint.timeline.heading")}
      </Heading>
      {entries.length ? (
        <ol className="flex flex-col gap-y-3" aria-label={t("pickupPoint.timeline.heading")}>
          {entries.map((entry, index) => (
            <li key={`${entry.kind}-${entry.at}-${index}`} className="grid grid-cols-[160px_1fr] gap-x-3">
              <Text size="xsmall" className="text-ui-fg-muted pt-0.5">
                <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at, i18n.language)}</time>
                <span className="block">{t(`pickupPoint.timeline.kind.${entry.kind === "status" && entry.note ? "note" : entry.kind}`)}</span>
              </Text>
              <div>
                <EntryText entry={entry} />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <Text size="small" className="text-ui-fg-subtle">
          {t("pickupPoint.timeline.empty")}
        </Text>
      )}
    </section>
  )
}
