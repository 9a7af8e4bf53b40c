import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Code, Container, Heading, Input, Label, Select, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { KeyValue } from "../../../components/key-value"
import { messageOf } from "../../../lib/errors"
import { formatDateTime, formatMoney, parsePrice } from "../../../lib/format"
import {
  useCredentialsCheck,
  useHealth,
  useReprocessDelivery,
  useServiceCalls,
  useSetupPickupPointDelivery,
  useStockLocations,
  useWebhookInfo,
  type SetupResult,
  type WebhookDelivery,
} from "../../../lib/health-queries"
import { backendLink } from "../../../lib/sdk"
import { serviceCallOutcomeColor } from "../../../lib/service-call-outcome"
import { useTranslateKey } from "../../../lib/use-translate-key"
import { webhookResultLine } from "../../../lib/webhook-result-line"
import { breadcrumbHandle } from "../../../components/route-breadcrumb"

const VERDICT_COLOR: Record<string, "green" | "grey" | "orange" | "red"> = {
  applied: "green",
  unchanged: "grey",
  unknown_order: "orange",
  invalid_payload: "red",
  failed: "red",
}

const CALLS_PER_PAGE = 20

function lag(seconds: number | null, t: (key: string, options?: Record<string, unknown>) => string) {
  if (seconds == null) return "—"
  if (seconds < 120) return t("pickupPoint.health.seconds", { count: Math.round(seconds) })
  if (seconds < 7200) return t("pickupPoint.health.minutes", { count: Math.round(seconds / 60) })
  return t("pickupPoint.health.hours", { count: Math.round(seconds / 3600) })
}

/** Says that a section's figures could not be read, so that no "None" is taken for a fact. */
function LoadFailed({ query }: { query: { isError: boolean; error: unknown } }) {
  const { t } = useTranslation()
  if (!query.isError) return null
  return (
    <Text size="small" role="alert" className="text-ui-fg-error mt-1">
      {t("pickupPoint.health.loadFailed", { message: messageOf(query.error) })}
    </Text>
  )
}

/** Whether the integration works: credentials, tracking sync, webhook; and what to give the platform. */
const PickupPointHealthPage = () => {
  const { t, i18n } = useTranslation()
  const translate = useTranslateKey()
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
              <div className="flex flex-col gap-y-1">
                <StatusBadge color="green">{t("pickupPoint.health.credentialsOk", { ms: credentials.data.duration_ms })}</StatusBadge>
                {credentials.data.shipments_due_now > 0 ? (
                  <Text size="xsmall">{t("pickupPoint.health.credentialWaitsDue", { count: credentials.data.shipments_due_now })}</Text>
                ) : null}
              </div>
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
          <LoadFailed query={health} />
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
        {/* "None" only once the figures are in: not while loading, nor when they could not be read. */}
        <KeyValue label={t("pickupPoint.health.lastError")}>{sync ? (sync.last_error ?? t("pickupPoint.health.none")) : "—"}</KeyValue>
        <KeyValue label={t("pickupPoint.health.byStatus")}>
          {health.data && Object.keys(health.data.shipments_by_status).length ? (
            <ul>
              {Object.entries(health.data.shipments_by_status).map(([status, count]) => (
                <li key={status}>
                  {t(`pickupPoint.status.${status}`, { defaultValue: status })}: {count}
                </li>
              ))}
            </ul>
          ) : health.data ? (
            t("pickupPoint.health.none")
          ) : (
            "—"
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
          <LoadFailed query={webhooks} />
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
          {webhooks.data?.last_received_at
            ? formatDateTime(webhooks.data.last_received_at, i18n.language)
            : webhooks.data
              ? t("pickupPoint.health.never")
              : "—"}
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
                  <Table.HeaderCell>
                    <span className="sr-only">{t("pickupPoint.health.actions")}</span>
                  </Table.HeaderCell>
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
                      {webhookResultLine(delivery.result, translate)}
                      {delivery.deliveries > 1 ? ` ${t("pickupPoint.timeline.deliveries", { count: delivery.deliveries })}` : ""}
                    </Table.Cell>
                    <Table.Cell>{delivery.reprocessable ? <ReprocessButton delivery={delivery} /> : null}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          ) : webhooks.data ? (
            <Text size="small" className="text-ui-fg-subtle">
              {t("pickupPoint.health.noDeliveries")}
            </Text>
          ) : (
            "—"
          )}
        </div>
      </Container>

      <RecentCalls />
      <OneStepSetup />
    </div>
  )
}

/** Runs a failed delivery through the webhook's workflow again, and says what came of it. */
function ReprocessButton({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation()
  const translate = useTranslateKey()
  const reprocess = useReprocessDelivery()
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={reprocess.isPending}
      aria-label={t("pickupPoint.health.reprocessLabel", {
        reference: delivery.order_reference_code ?? "—",
        received: formatDateTime(delivery.received_at, i18n.language),
      })}
      onClick={() =>
        // Toasted from the promise, not from mutate's callbacks: once applied, the row loses this button
        // (the list is reloaded first), and an unmounted button's callbacks never run.
        reprocess.mutateAsync(delivery.id).then((answer) => {
          const verdict = t(`pickupPoint.verdict.${answer.verdict}`, { defaultValue: answer.verdict })
          const description = webhookResultLine(answer.delivery.result, translate) || undefined
          // Only a status taken (or already there) is a success: an order still unknown stays in the list, to reprocess later.
          if (answer.verdict === "applied" || answer.verdict === "unchanged") toast.success(t("pickupPoint.health.reprocessed", { verdict }), { description })
          else toast.warning(t("pickupPoint.health.reprocessedNotApplied", { verdict }), { description })
        },
          (error) => toast.error(t("pickupPoint.health.reprocessFailed"), { description: messageOf(error) })
        )
      }
    >
      {t("pickupPoint.health.reprocess")}
    </Button>
  )
}

/** The redacted log of calls to the service, newest first, a page at a time. */
function RecentCalls() {
  const { t, i18n } = useTranslation()
  const [offset, setOffset] = useState(0)
  const calls = useServiceCalls(CALLS_PER_PAGE, offset)
  const count = calls.data?.count ?? 0
  // Why no call is listed: still loading, failed, a page the log's pruning emptied, or none made yet.
  const noCallsText = () => {
    if (calls.isPending) return t("pickupPoint.health.loadingCalls")
    if (calls.isError) return messageOf(calls.error)
    return t(offset > 0 ? "pickupPoint.health.noCallsOnPage" : "pickupPoint.health.noCalls")
  }
  return (
    <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-health-calls">
      <div className="px-6 py-4">
        <Heading level="h2" id="pickup-point-health-calls">
          {t("pickupPoint.health.calls")}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("pickupPoint.health.callsHelp")}
        </Text>
      </div>
      <div className="px-6 py-4">
        {calls.data?.calls.length ? (
          <>
            <Table aria-labelledby="pickup-point-health-calls">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("pickupPoint.health.calledAt")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.operation")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.httpStatus")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.duration")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.outcome")}</Table.HeaderCell>
                  <Table.HeaderCell>{t("pickupPoint.health.attempt")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {calls.data.calls.map((call) => (
                  <Table.Row key={call.id}>
                    <Table.Cell>{formatDateTime(call.called_at, i18n.language)}</Table.Cell>
                    <Table.Cell>
                      <Code>{call.operation}</Code>
                    </Table.Cell>
                    <Table.Cell>{call.http_status ?? "—"}</Table.Cell>
                    <Table.Cell>{t("pickupPoint.health.durationMs", { ms: call.duration_ms })}</Table.Cell>
                    <Table.Cell>
                      <Badge size="2xsmall" color={serviceCallOutcomeColor(call)}>
                        {t(`pickupPoint.health.outcomes.${call.outcome}`, { defaultValue: call.outcome })}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{call.retried ? t("pickupPoint.health.retried", { attempt: call.attempt }) : call.attempt}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
            <div className="flex items-center justify-between pt-3">
              <Text size="small" className="text-ui-fg-subtle">
                {t("pickupPoint.health.page", { from: offset + 1, to: Math.min(offset + CALLS_PER_PAGE, count), count })}
              </Text>
              <div className="flex gap-x-2">
                <Button size="small" variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - CALLS_PER_PAGE))}>
                  {t("pickupPoint.health.previous")}
                </Button>
                <Button size="small" variant="secondary" disabled={offset + CALLS_PER_PAGE >= count} onClick={() => setOffset(offset + CALLS_PER_PAGE)}>
                  {t("pickupPoint.health.next")}
                </Button>
              </div>
            </div>
          </>
        ) : (
          <div className="flex items-center justify-between gap-x-2">
            <Text size="small" className="text-ui-fg-subtle" role={calls.isError ? "alert" : undefined}>
              {noCallsText()}
            </Text>
            {/* A page emptied by the log's pruning still leads back to the first. */}
            {offset > 0 ? (
              <Button size="small" variant="secondary" onClick={() => setOffset(0)}>
                {t("pickupPoint.health.firstPage")}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </Container>
  )
}

/** The one-step setup for a chosen stock location, with what it created. */
function OneStepSetup() {
  const { t, i18n } = useTranslation()
  const locations = useStockLocations()
  const setup = useSetupPickupPointDelivery()
  const [location, setLocation] = useState("")
  const [currency, setCurrency] = useState("eur")
  const [amount, setAmount] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<SetupResult | null>(null)
  const nameOf = (id: string) => locations.data?.stock_locations.find((l) => l.id === id)?.name ?? id
  // The dropdown says why it offers nothing: loading, failed, or no location in the store yet.
  const locationPlaceholder = () => {
    if (locations.isPending) return t("pickupPoint.health.setup.loadingLocations")
    if (locations.isError) return t("pickupPoint.health.setup.locationsFailed")
    if (locations.data?.stock_locations.length === 0) return t("pickupPoint.health.setup.noLocations")
    return t("pickupPoint.health.setup.choose")
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!location) found.location = t("pickupPoint.health.setup.errors.location")
    if (!/^[a-z]{3}$/i.test(currency.trim())) found.currency = t("pickupPoint.health.setup.errors.currency")
    if (Number.isNaN(parsePrice(amount))) found.amount = t("pickupPoint.health.setup.errors.amount")
    setErrors(found)
    if (Object.keys(found).length) return
    setResult(null)
    setup.mutate(
      { stock_location_id: location, prices: [{ currency_code: currency.trim().toLowerCase(), amount: parsePrice(amount) }] },
      {
        onSuccess: ({ setup: answer }) => {
          setResult(answer)
          toast.success(t("pickupPoint.health.setup.done", { location: nameOf(answer.stock_location_id) }))
        },
        onError: (error) => toast.error(t("pickupPoint.health.setup.failed"), { description: messageOf(error) }),
      }
    )
  }

  const field = (id: string, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-y-1">
      <Label htmlFor={`pickup-point-setup-${id}`} size="small" weight="plus">
        {label}
      </Label>
      {control}
      {errors[id] ? (
        <Text id={`pickup-point-setup-${id}-error`} size="xsmall" className="text-ui-fg-error">
          {errors[id]}
        </Text>
      ) : null}
    </div>
  )

  return (
    <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-health-setup">
      <div className="px-6 py-4">
        <Heading level="h2" id="pickup-point-health-setup">
          {t("pickupPoint.health.setup.title")}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("pickupPoint.health.setup.help")}
        </Text>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-y-4 px-6 py-4">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {field(
            "location",
            t("pickupPoint.health.setup.location"),
            <Select value={location} onValueChange={setLocation}>
              <Select.Trigger
                id="pickup-point-setup-location"
                aria-invalid={!!errors.location}
                aria-describedby={errors.location ? "pickup-point-setup-location-error" : undefined}
              >
                <Select.Value placeholder={locationPlaceholder()} />
              </Select.Trigger>
              <Select.Content>
                {(locations.data?.stock_locations ?? []).map((option) => (
                  <Select.Item key={option.id} value={option.id}>
                    {option.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          )}
          {field(
            "currency",
            t("pickupPoint.health.setup.currency"),
            <Input
              id="pickup-point-setup-currency"
              size="small"
              value={currency}
              aria-invalid={!!errors.currency}
              aria-describedby={errors.currency ? "pickup-point-setup-currency-error" : undefined}
              onChange={(e) => setCurrency(e.target.value)}
            />
          )}
          {field(
            "amount",
            t("pickupPoint.health.setup.amount"),
            <Input
              id="pickup-point-setup-amount"
              size="small"
              inputMode="decimal"
              value={amount}
              aria-invalid={!!errors.amount}
              aria-describedby={errors.amount ? "pickup-point-setup-amount-error" : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </div>
        <div className="flex items-center justify-between gap-x-4">
          <div role="status" className="text-ui-fg-subtle txt-small">
            {result
              ? result.created.length
                ? t("pickupPoint.health.setup.created", {
                    items: result.created.map((item) => t(`pickupPoint.health.setup.items.${item}`, { defaultValue: item })).join(", "),
                  })
                : t("pickupPoint.health.setup.nothingCreated")
              : null}
            {result && result.prices_applied === false ? (
              <Text size="small" className="text-ui-fg-base mt-1">
                {t("pickupPoint.health.setup.pricesKept", {
                  prices: result.option_prices
                    .map((price) => ("currency_code" in price ? formatMoney(price.amount, price.currency_code, i18n.language) : `${price.amount} (${price.region_id})`))
                    .join(", "),
                })}
              </Text>
            ) : null}
          </div>
          <Button type="submit" size="small" variant="secondary" isLoading={setup.isPending}>
            {t("pickupPoint.health.setup.run")}
          </Button>
        </div>
      </form>
    </Container>
  )
}

// The top bar's breadcrumb, empty without it.
export const handle = breadcrumbHandle("pickupPoint.nav.health")

export const config = defineRouteConfig({
  label: "pickupPoint.nav.health",
  translationNs: "translation",
})

export default PickupPointHealthPage
