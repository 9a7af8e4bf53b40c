import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Code, Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { KeyValue } from "../../../components/key-value"
import { messageOf } from "../../../lib/errors"
import { formatDateTime } from "../../../lib/format"
import { useCredentialsCheck, useHealth, useWebhookInfo } from "../../../lib/health-queries"
import { backendLink } from "../../../lib/sdk"

const VERDICT_COLOR: Record<string, "green" | "grey" | "orange" | "red"> = {
  applied: "green",
  unchanged: "grey",
  unknown_order: "orange",
  invalid_payload: "red",
}

function lag(seconds: number | null, t: (key: string, options?: Record<string, unknown>) => string) {
  if (seconds == null) return "—"
  if (seconds < 120) return t("pickupPoint.health.seconds", { count: Math.round(seconds) })
  if (seconds < 7200) return t("pickupPoint.health.minutes", { count: Math.round(seconds / 60) })
  return t("pickupPoint.health.hours", { count: Math.round(seconds / 3600) })
}

/** Whether the integration works: credentials, tracking sync, webhook; and what to give the platform. */
const PickupPointHealthPage = () => {
  const { t, i18n } = useTranslation()
  const health = useHealth()
  const credentials = useCredentialsCheck()
  const webhooks = useWebhookInfo()
  const sync = health.data?.tracking_sync
  const webhookUrl = new URL(backendLink(webhooks.data?.path ?? "/hooks/pickup-point"), window.location.origin).toString()

  return (
    <div className="flex flex-col gap-y-3" id="pickup-point-health">
      <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-health-credentials">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1" id="pickup-point-health-credentials">
              {t("pickupPoint.health.title")}
            </Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.health.subtitle")}
            </Text>
          </div>
          <Button size="small" variant="secondary" isLoading={credentials.isFetching} onClick={() => credentials.refetch()}>
            {t("pickupPoint.health.checkAgain")}
          </Button>
        </div>
        <KeyValue label={t("pickupPoint.health.merchant")}>
          {health.data ? `${health.data.merchant_code} (${health.data.merchant_type})` : "—"}
        </KeyValue>
        <KeyValue label={t("pickupPoint.health.credentials")}>
          {credentials.data ? (
            credentials.data.ok ? (
              <StatusBadge color="green">{t("pickupPoint.health.credentialsOk", { ms: credentials.data.duration_ms })}</StatusBadge>
            ) : (
              <div className="flex flex-col gap-y-1">
                <StatusBadge color="red">{t(`pickupPoint.health.credentialsFailed.${credentials.data.code}`, { defaultValue: credentials.data.code })}</StatusBadge>
                <Text size="xsmall">{credentials.data.message}</Text>
              </div>
            )
          ) : credentials.isError ? (
            messageOf(credentials.error)
          ) : (
            t("pickupPoint.health.checking")
          )}
        </KeyValue>
      </Container>

      <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-health-sync">
        <div className="px-6 py-4">
          <Heading level="h2" id="pickup-point-health-sync">
            {t("pickupPoint.health.sync")}
          </Heading>
        </div>
        <KeyValue label={t("pickupPoint.health.circuit")}>
          {sync ? (
            <StatusBadge color={sync.circuit_open ? "red" : "green"}>
              {sync.circuit_open
                ? t("pickupPoint.health.circuitOpen", { until: formatDateTime(sync.circuit_open_until, i18n.language) })
                : t("pickupPoint.health.circuitClosed")}
            </StatusBadge>
          ) : (
            "—"
          )}
        </KeyValue>
        <KeyValue label={t("pickupPoint.health.failures")}>{sync?.consecutive_failures ?? "—"}</KeyValue>
        <KeyValue label={t("pickupPoint.health.lastRun")}>{formatDateTime(sync?.last_run_at, i18n.language)}</KeyValue>
        <KeyValue label={t("pickupPoint.health.lastSuccess")}>{formatDateTime(sync?.last_success_at, i18n.language)}</KeyValue>
        <KeyValue label={t("pickupPoint.health.lag")}>{lag(sync?.lag_seconds ?? null, t)}</KeyValue>
        <KeyValue label={t("pickupPoint.health.lastError")}>{sync?.last_error ?? t("pickupPoint.health.none")}</KeyValue>
        <KeyValue label={t("pickupPoint.health.byStatus")}>
          {health.data && Object.keys(health.data.shipments_by_status).length ? (
            <ul>
              {Object.entries(health.data.shipments_by_status).map(([status, count]) => (
                <li key={status}>
                  {t(`pickupPoint.status.${status}`, { defaultValue: status })}: {count}
                </li>
              ))}
            </ul>
          ) : (
            t("pickupPoint.health.none")
          )}
        </KeyValue>
      </Container>

      <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-health-webhook">
        <div className="px-6 py-4">
          <Heading level="h2" id="pickup-point-health-webhook">
            {t("pickupPoint.health.webhook")}
          </Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("pickupPoint.health.webhookHelp")}
          </Text>
        </div>
        <KeyValue label={t("pickupPoint.health.webhookUrl")}>
          <Code>{webhookUrl}</Code>
        </KeyValue>
        <KeyValue label={t("pickupPoint.health.headers")}>
          <ul className="flex flex-col gap-y-1">
            <li>
              <Code>{webhooks.data?.api_key.header ?? "X-Api-Key"}</Code>: {t(`pickupPoint.health.apiKey.${webhooks.data?.api_key.key ?? "merchant"}`)}
            </li>
            {webhooks.data?.signature ? (
              <>
                <li>
                  <Code>{webhooks.data.signature.header}</Code>: <Code>{webhooks.data.signature.scheme}</Code>
                </li>
                <li>
                  <Code>{webhooks.data.signature.timestamp_header}</Code>:{" "}
                  {t("pickupPoint.health.timestamp", { seconds: webhooks.data.signature.tolerance_seconds })}
                </li>
              </>
            ) : (
              <li>{t("pickupPoint.health.noSignature")}</li>
            )}
          </ul>
        </KeyValue>
        <KeyValue label={t("pickupPoint.health.lastWebhook")}>
          {webhooks.data?.last_received_at ? formatDateTime(webhooks.data.last_received_at, i18n.language) : t("pickupPoint.health.never")}
        </KeyValue>
        <div className="px-6 py-4">
          <Heading level="h3" id="pickup-point-health-deliveries" className="mb-2">
            {t("pickupPoint.health.deliveries")}
          </Heading>
          {webhooks.data?.deliveries.length ? (
            <Table aria-labelledby="pickup-point-health-deliveries">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("pickupPoint.health.received")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.verdict")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.statusCode")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.shipment.referenceCode")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.result")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {webhooks.data.deliveries.map((delivery) => (
                  <Table.Row key={delivery.id}>
                    <Table.Cell>{formatDateTime(delivery.received_at, i18n.language)}</Table.Cell>
                    <Table.Cell>
                      <Badge size="2xsmall" color={VERDICT_COLOR[delivery.verdict] ?? "grey"}>
                        {t(`pickupPoint.verdict.${delivery.verdict}`, { defaultValue: delivery.verdict })}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{delivery.status_code ?? "—"}</Table.Cell>
                    <Table.Cell>{delivery.order_reference_code ?? "—"}</Table.Cell>
                    <Table.Cell className="whitespace-normal">
                      {delivery.result ?? ""}
                      {delivery.deliveries > 1 ? ` ${t("pickupPoint.timeline.deliveries", { count: delivery.deliveries })}` : ""}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          ) : (
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.health.noDeliveries")}
            </Text>
          )}
        </div>
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "pickupPoint.nav.health",
  translationNs: "translation",
})

export default PickupPointHealthPage
