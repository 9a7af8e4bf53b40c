import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Checkbox, Container, Heading, Label, Select, Switch, Table, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { SHIPMENT_STATUSES, TRACKING_STAGES, isRetryable, isWithCarrier } from "../../../modules/pickup-point/lib/statuses"
import { ListSearchBox } from "../../components/list-search-box"
import { ShipmentBadges } from "../../components/shipment-badges"
import { messageOf, refusalText } from "../../lib/errors"
import { formatDateTime } from "../../lib/format"
import { pageIndexOf, useListUrlState } from "../../lib/list-url-state"
import { useRefreshAfterChange } from "../../lib/queries"
import { sdk } from "../../lib/sdk"
import { codeNotNeeded, codeRefusalReason, hasPrintableLabel, noLabelReason } from "../../lib/shipment-advice"
import { downloadBlob, fetchMergedLabels, fetchShipmentsById, LabelListLostError, runForEach, useShipmentList, type BulkOutcome } from "../../lib/shipment-list-queries"
import type { AdminShipment } from "../../lib/types"
import { useRowSelection } from "../../lib/use-row-selection"
import { useTypedSearch } from "../../lib/use-typed-search"
import { breadcrumbHandle } from "../../components/route-breadcrumb"

const PAGE_SIZE = 20
const ALL = "all"
/** The bulk print's limit per request (AdminPrintLabels). */
const LABELS_PER_PRINT = 100

/** Every pickup-point shipment, filtered, with bulk actions that report per shipment. */
const PickupPointShipmentsPage = () => {
  const { t, i18n } = useTranslation()
  const refresh = useRefreshAfterChange()
  const [filters, setFilters] = useListUrlState(
    { q: "", status: ALL, stage: ALL, needs_attention: "false", offset: "0" },
    { status: [ALL, ...SHIPMENT_STATUSES], stage: [ALL, ...Object.keys(TRACKING_STAGES)], needs_attention: ["true", "false"] }
  )
  const { q, status, stage } = filters
  const [typed, setTyped] = useTypedSearch(q, (text) => setFilters({ q: text, offset: "0" }))
  const attentionOnly = filters.needs_attention === "true"
  const pageIndex = pageIndexOf(filters.offset, PAGE_SIZE)
  const setPageIndex = (index: number) => setFilters({ offset: String(index * PAGE_SIZE) })
  const [running, setRunning] = useState<string | null>(null)
  const [outcomes, setOutcomes] = useState<{ action: string; rows: BulkOutcome[] } | null>(null)

  const { data, isError, error, isLoading } = useShipmentList({
    q: q.trim() || undefined,
    status: status === ALL ? undefined : status,
    stage: stage === ALL ? undefined : stage,
    needs_attention: attentionOnly ? "true" : undefined,
    limit: PAGE_SIZE,
    offset: pageIndex * PAGE_SIZE,
  })
  const shipments = data?.shipments ?? []
  const count = data?.count ?? 0
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE))
  // Rows that left the filter (retried, say) can leave this page past the last one: go back to it.
  useEffect(() => {
    if (data && pageIndex >= pageCount) setPageIndex(pageCount - 1)
  }, [data, pageIndex, pageCount])
  // The chosen shipments as the list shows them now (one chosen on another page keeps the copy it was chosen with,
  // for its count and the buttons; a bulk action reads them all again first).
  const selection = useRowSelection(shipments)
  const { selected, chosen } = selection

  const bulk = async (action: string, run: (shipments: AdminShipment[]) => Promise<BulkOutcome[]>) => {
    setRunning(action)
    try {
      // Each chosen shipment as it is now: one chosen on another page may have moved on since (labelled, say),
      // or be gone from the list (replaced by a change of pickup point), which no action is tried on.
      const now = await fetchShipmentsById(chosen.map((shipment) => shipment.id))
      const gone = chosen.filter((shipment) => !now.has(shipment.id))
      const outcomeOf = new Map(
        [
          ...(await run(chosen.flatMap((shipment) => now.get(shipment.id) ?? []))),
          ...gone.map((shipment) => ({ id: shipment.id, order_number: shipment.order_number, ok: false, message: t("pickupPoint.shipments.gone") })),
        ].map((row) => [row.id, row])
      )
      // In the order chosen.
      const rows = chosen.flatMap((shipment) => outcomeOf.get(shipment.id) ?? [])
      setOutcomes({ action, rows })
      const failed = rows.filter((row) => !row.ok).length
      if (failed) toast.warning(t("pickupPoint.shipments.bulkPartial", { count: failed, total: rows.length }))
      else toast.success(t("pickupPoint.shipments.bulkDone", { count: rows.length }))
    } catch (err) {
      toast.error(t("pickupPoint.shipments.bulkFailed"), { description: err instanceof LabelListLostError ? t("pickupPoint.shipments.labelListLost") : messageOf(err) })
    } finally {
      setRunning(null)
      await refresh()
    }
  }

  const printMerged = async (shipments: AdminShipment[]) => {
    const merged = await fetchMergedLabels(shipments.map((shipment) => shipment.id))
    downloadBlob(merged.pdf, `pickup-point-labels-${merged.printed.length}.pdf`)
    return merged
  }

  const printLabels = () => {
    if (chosen.length > LABELS_PER_PRINT) {
      toast.error(t("pickupPoint.shipments.printTooMany", { max: LABELS_PER_PRINT, count: chosen.length }))
      return
    }
    return bulk("print", async (current) => {
      // Only those with a label are asked for (none: nothing to ask); the others' rows say why from the list's own data.
      const labelled = current.filter((shipment) => hasPrintableLabel(shipment) && !isWithCarrier(shipment))
      const { printed, unreadable, encrypted } = labelled.length
        ? await printMerged(labelled)
        : { printed: [] as string[], unreadable: [] as string[], encrypted: [] as string[] }
      return current.map((shipment) => {
        const page = printed.indexOf(shipment.id)
        const row = { id: shipment.id, order_number: shipment.order_number }
        if (page >= 0) return { ...row, ok: true, message: t("pickupPoint.shipments.inPdf", { page: page + 1 }) }
        if (unreadable.includes(shipment.id)) return { ...row, ok: false, message: t("pickupPoint.shipments.labelUnreadable") }
        if (encrypted.includes(shipment.id)) return { ...row, ok: false, message: t("pickupPoint.shipments.labelEncrypted") }
        if (hasPrintableLabel(shipment) && isWithCarrier(shipment)) return { ...row, ok: false, message: t("pickupPoint.shipments.labelWithCarrier") }
        const reason = noLabelReason(shipment)
        // The order's widget says what to do about a label the carrier voided; the list sends the admin there.
        return { ...row, ok: false, message: t(reason === "pickupPoint.shipment.noLabelCancelledByCarrier" ? "pickupPoint.shipments.voidByCarrier" : reason) }
      })
    })
  }

  // The refusals a bulk action meets in the normal course, said in the admin's language.
  const refusedAs = (error: unknown): never => {
    throw new Error(refusalText(error, t))
  }

  const retry = () =>
    bulk("retry", (current) =>
      runForEach(current, async (shipment) => {
        if (!isRetryable(shipment.status)) throw new Error(t("pickupPoint.refusal.retry"))
        const { shipment: after } = await sdk.client
          .fetch<{ shipment: AdminShipment }>(`/admin/pickup-point/shipments/${shipment.id}/retry`, { method: "POST", body: {} })
          .catch(refusedAs)
        if (after.status === "failed") throw new Error(after.last_error ?? t("pickupPoint.toast.retryFailed"))
        return t(`pickupPoint.status.${after.status}`)
      })
    )

  const sendCodes = () =>
    bulk("codes", (current) =>
      runForEach(current, async (shipment) => {
        const refusal = codeRefusalReason(shipment)
        if (refusal) throw new Error(t(refusal))
        // Sent one by one from the order's page, where the admin can judge; never to such points in bulk.
        if (codeNotNeeded(shipment)) throw new Error(t("pickupPoint.refusal.code.notNeeded"))
        const { verification_code } = await sdk.client
          .fetch<{ verification_code: { masked_email: string; confirmed?: boolean } }>(`/admin/pickup-point/shipments/${shipment.id}/verification-code`, {
            method: "POST",
            body: {},
          })
          .catch(refusedAs)
        return t(verification_code.confirmed === false ? "pickupPoint.toast.codeProbablySent" : "pickupPoint.toast.codeSent", {
          email: verification_code.masked_email,
        })
      })
    )

  return (
    <Container className="divide-y p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <div>
          <Heading level="h1">{t("pickupPoint.shipments.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("pickupPoint.shipments.subtitle")}
          </Text>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="small" variant="secondary" disabled={!chosen.length || !!running} isLoading={running === "print"} onClick={printLabels}>
            {t("pickupPoint.shipments.printLabels", { count: chosen.length })}
          </Button>
          <Button size="small" variant="secondary" disabled={!chosen.length || !!running} isLoading={running === "retry"} onClick={retry}>
            {t("pickupPoint.shipments.retry", { count: chosen.length })}
          </Button>
          <Button size="small" variant="secondary" disabled={!chosen.length || !!running} isLoading={running === "codes"} onClick={sendCodes}>
            {t("pickupPoint.shipments.sendCodes", { count: chosen.length })}
          </Button>
          {/* The selection spans pages and filters: the counts above include chosen rows not shown. */}
          <Button size="small" variant="transparent" disabled={!chosen.length || !!running} onClick={selection.clear}>
            {t("pickupPoint.shipments.clearSelection")}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4 px-6 py-4">
        <ListSearchBox
          id="pickup-point-shipment-search"
          label={t("pickupPoint.shipments.search")}
          placeholder={t("pickupPoint.shipments.searchPlaceholder")}
          className="w-80"
          value={typed}
          onChange={setTyped}
        />
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="pickup-point-shipment-status" size="small">
            {t("pickupPoint.shipments.status")}
          </Label>
          <Select value={status} onValueChange={(value) => setFilters({ status: value, offset: "0" })}>
            <Select.Trigger id="pickup-point-shipment-status" className="w-48">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ALL}>{t("pickupPoint.list.all")}</Select.Item>
              {SHIPMENT_STATUSES.map((value) => (
                <Select.Item key={value} value={value}>
                  {t(`pickupPoint.status.${value}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="pickup-point-shipment-stage" size="small">
            {t("pickupPoint.shipments.stage")}
          </Label>
          <Select value={stage} onValueChange={(value) => setFilters({ stage: value, offset: "0" })}>
            <Select.Trigger id="pickup-point-shipment-stage" className="w-48">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ALL}>{t("pickupPoint.list.all")}</Select.Item>
              {Object.keys(TRACKING_STAGES).map((value) => (
                <Select.Item key={value} value={value}>
                  {t(`pickupPoint.stage.${value}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <div className="flex items-center gap-x-2 pb-1">
          <Switch id="pickup-point-shipment-attention" checked={attentionOnly} onCheckedChange={(checked) => setFilters({ needs_attention: String(checked), offset: "0" })} />
          <Label htmlFor="pickup-point-shipment-attention" size="small">
            {t("pickupPoint.shipments.needsAttention")}
          </Label>
        </div>
      </div>
      {isError ? (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {messageOf(error)}
        </Text>
      ) : null}
      <Table aria-label={t("pickupPoint.shipments.title")}>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell className="w-8">
              <Checkbox aria-label={t("pickupPoint.list.selectPage")} checked={selection.pageChecked} disabled={!shipments.length} onCheckedChange={(checked) => selection.togglePage(checked === true)} />
            </Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.shipment.orderNumber")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.point.heading")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.shipments.state")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.shipment.trackingNumber")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.shipments.attention")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.shipments.created")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shipments.map((shipment) => (
            <Table.Row key={shipment.id}>
              <Table.Cell>
                <Checkbox
                  aria-label={t("pickupPoint.shipments.select", { number: shipment.order_number })}
                  checked={selected.has(shipment.id)}
                  onCheckedChange={(checked) => selection.toggle(shipment, checked === true)}
                />
              </Table.Cell>
              <Table.Cell>
                <Link to={`/orders/${shipment.order_id}`} className="text-ui-fg-base underline underline-offset-2">
                  {shipment.order_number}
                </Link>
              </Table.Cell>
              <Table.Cell>{shipment.pickup_point?.name ?? shipment.pickup_point_code}</Table.Cell>
              <Table.Cell>
                <ShipmentBadges shipment={shipment} />
              </Table.Cell>
              <Table.Cell>{shipment.tracking_number ?? "—"}</Table.Cell>
              <Table.Cell>
                {shipment.attention ? (
                  <Badge size="2xsmall" color={shipment.attention === "failed" ? "red" : "orange"}>
                    {t(`pickupPoint.attention.${shipment.attention}.title`)}
                  </Badge>
                ) : (
                  "—"
                )}
              </Table.Cell>
              <Table.Cell>{formatDateTime(shipment.created_at, i18n.language)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && !shipments.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("pickupPoint.shipments.empty")}
        </Text>
      ) : null}
      <Table.Pagination
        count={count}
        pageSize={PAGE_SIZE}
        pageIndex={pageIndex}
        pageCount={pageCount}
        canPreviousPage={pageIndex > 0}
        canNextPage={pageIndex + 1 < pageCount}
        previousPage={() => setPageIndex(Math.max(0, pageIndex - 1))}
        nextPage={() => setPageIndex(pageIndex + 1)}
        translations={{ of: t("pickupPoint.list.of"), results: t("pickupPoint.list.results"), pages: t("pickupPoint.list.pages"), prev: t("pickupPoint.list.prev"), next: t("pickupPoint.list.next") }}
      />
      {outcomes ? (
        <section aria-labelledby="pickup-point-bulk-results" className="px-6 py-4">
          <Heading level="h2" id="pickup-point-bulk-results" className="mb-2">
            {t(`pickupPoint.shipments.results.${outcomes.action}`)}
          </Heading>
          <Table aria-labelledby="pickup-point-bulk-results">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("pickupPoint.shipment.orderNumber")}</Table.HeaderCell>
                <Table.HeaderCell>{t("pickupPoint.shipments.outcome")}</Table.HeaderCell>
                <Table.HeaderCell>{t("pickupPoint.shipments.detail")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {outcomes.rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.order_number}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall" color={row.ok ? "green" : "red"}>
                      {row.ok ? t("pickupPoint.shipments.ok") : t("pickupPoint.shipments.refused")}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal">{row.message}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </section>
      ) : null}
    </Container>
  )
}

// The top bar's breadcrumb, empty without it.
export const handle = breadcrumbHandle("pickupPoint.nav.shipments")

export const config = defineRouteConfig({
  label: "pickupPoint.nav.shipments",
  translationNs: "translation",
  nested: "/orders",
})

export default PickupPointShipmentsPage
