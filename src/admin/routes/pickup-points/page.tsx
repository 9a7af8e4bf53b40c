import { defineRouteConfig } from "@medusajs/admin-sdk"
import { MapPin } from "@medusajs/icons"
import { Badge, Button, Checkbox, Container, Heading, Label, Select, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { ListSearchBox } from "../../components/list-search-box"
import { ImportCsvDrawer } from "../../components/pickup-points/import-csv-drawer"
import { PickupPointFormDrawer } from "../../components/pickup-points/pickup-point-form-drawer"
import { PublishDrawer } from "../../components/pickup-points/publish-drawer"
import { messageOf } from "../../lib/errors"
import { pageIndexOf, useListUrlState } from "../../lib/list-url-state"
import { usePickupPoints, useSavePickupPoint } from "../../lib/pickup-point-queries"
import type { PickupPoint } from "../../lib/types"
import { useRowSelection } from "../../lib/use-row-selection"
import { useTypedSearch } from "../../lib/use-typed-search"
import { breadcrumbHandle } from "../../components/route-breadcrumb"

const PAGE_SIZE = 20

/** The store's pickup-point catalog: search, edit, activate, import, publish. */
const PickupPointsPage = () => {
  const { t } = useTranslation()
  const [filters, setFilters] = useListUrlState({ q: "", is_active: "all", offset: "0" }, { is_active: ["all", "true", "false"] })
  const { q, is_active: status } = filters
  const [typed, setTyped] = useTypedSearch(q, (text) => setFilters({ q: text, offset: "0" }))
  const pageIndex = pageIndexOf(filters.offset, PAGE_SIZE)
  const setPageIndex = (index: number) => setFilters({ offset: String(index * PAGE_SIZE) })
  const [editing, setEditing] = useState<PickupPoint | null | undefined>(undefined)
  const [importing, setImporting] = useState(false)
  const [publishing, setPublishing] = useState(false)
  const save = useSavePickupPoint()

  const { data, isLoading, isError, error } = usePickupPoints({
    q: q.trim() || undefined,
    is_active: status === "all" ? undefined : (status as "true" | "false"),
    limit: PAGE_SIZE,
    offset: pageIndex * PAGE_SIZE,
  })
  const points = data?.pickup_points ?? []
  const count = data?.count ?? 0
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE))
  // Points that left the filter (activated, say) can leave this page past the last one: go back to it.
  useEffect(() => {
    if (data && pageIndex >= pageCount) setPageIndex(pageCount - 1)
  }, [data, pageIndex, pageCount])
  // The chosen points as the list shows them now: one activated or deactivated since it was ticked is published as it is.
  const selection = useRowSelection(points)
  const { selected, chosen } = selection

  const prompt = usePrompt()
  const setActive = async (point: PickupPoint, is_active: boolean) => {
    // Taking a point away from shoppers (and its shipping options from checkout) asks first; giving it back does not.
    if (!is_active) {
      const published = point.published_options ? ` ${t("pickupPoint.list.deactivatePrompt.published", { count: point.published_options })}` : ""
      const confirmed = await prompt({
        title: t("pickupPoint.list.deactivatePrompt.title", { code: point.code }),
        description: t("pickupPoint.list.deactivatePrompt.description", { name: point.name }) + published,
        confirmText: t("pickupPoint.list.deactivate"),
        cancelText: t("pickupPoint.list.deactivatePrompt.cancel"),
      })
      if (!confirmed) return
    }
    save.mutate(
      { id: point.id, body: { is_active } },
      {
        onSuccess: ({ pickup_point }) => {
          // A chosen point on another page by the time the drawer opens keeps this copy.
          selection.refresh(pickup_point)
          toast.success(t(is_active ? "pickupPoint.list.activated" : "pickupPoint.list.deactivated", { code: point.code }))
        },
        onError: (err) => toast.error(t("pickupPoint.list.saveFailed"), { description: messageOf(err) }),
      }
    )
  }

  return (
    <Container className="divide-y p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <div>
          <Heading level="h1">{t("pickupPoint.list.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("pickupPoint.list.subtitle")}
          </Text>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="small" variant="secondary" disabled={!selected.size} onClick={() => setPublishing(true)}>
            {t("pickupPoint.list.publish", { count: selected.size })}
          </Button>
          <Button size="small" variant="secondary" onClick={() => setImporting(true)}>
            {t("pickupPoint.list.import")}
          </Button>
          <Button size="small" onClick={() => setEditing(null)}>
            {t("pickupPoint.list.create")}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4 px-6 py-4">
        <ListSearchBox
          id="pickup-point-search"
          label={t("pickupPoint.list.search")}
          placeholder={t("pickupPoint.list.searchPlaceholder")}
          value={typed}
          onChange={setTyped}
        />
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="pickup-point-status-filter" size="small">
            {t("pickupPoint.list.statusFilter")}
          </Label>
          <Select
            value={status}
            onValueChange={(value) => setFilters({ is_active: value, offset: "0" })}
          >
            <Select.Trigger id="pickup-point-status-filter" className="w-40">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="all">{t("pickupPoint.list.all")}</Select.Item>
              <Select.Item value="true">{t("pickupPoint.list.active")}</Select.Item>
              <Select.Item value="false">{t("pickupPoint.list.inactive")}</Select.Item>
            </Select.Content>
          </Select>
        </div>
      </div>
      {isError ? (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {messageOf(error)}
        </Text>
      ) : null}
      <Table aria-label={t("pickupPoint.list.title")}>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell className="w-8">
              <Checkbox aria-label={t("pickupPoint.list.selectPage")} checked={selection.pageChecked} disabled={!points.length} onCheckedChange={(checked) => selection.togglePage(checked === true)} />
            </Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.code")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.name")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.place")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.network")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.codeNeeded")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.status")}</Table.HeaderCell>
            <Table.HeaderCell>{t("pickupPoint.list.published")}</Table.HeaderCell>
            <Table.HeaderCell>
              <span className="sr-only">{t("pickupPoint.list.actions")}</span>
            </Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {points.map((point) => (
            <Table.Row key={point.id}>
              <Table.Cell>
                <Checkbox
                  aria-label={t("pickupPoint.list.selectPoint", { code: point.code })}
                  checked={selected.has(point.id)}
                  onCheckedChange={(checked) => selection.toggle(point, checked === true)}
                />
              </Table.Cell>
              <Table.Cell>{point.code}</Table.Cell>
              <Table.Cell>{point.name}</Table.Cell>
              <Table.Cell>
                {point.postcode} {point.city}
              </Table.Cell>
              <Table.Cell>{point.network_name ?? point.network_code ?? "—"}</Table.Cell>
              <Table.Cell>{point.requires_verification_code ? t("pickupPoint.list.yes") : t("pickupPoint.list.no")}</Table.Cell>
              <Table.Cell>
                <Badge size="2xsmall" color={point.is_active ? "green" : "grey"}>
                  {point.is_active ? t("pickupPoint.list.active") : t("pickupPoint.list.inactive")}
                </Badge>
              </Table.Cell>
              <Table.Cell>{point.published_options ? t("pickupPoint.list.publishedIn", { count: point.published_options }) : "—"}</Table.Cell>
              <Table.Cell>
                <div className="flex justify-end gap-x-2">
                  <Button size="small" variant="transparent" aria-label={t("pickupPoint.list.editPoint", { code: point.code })} onClick={() => setEditing(point)}>
                    {t("pickupPoint.list.edit")}
                  </Button>
                  <Button
                    size="small"
                    variant="transparent"
                    aria-label={t(point.is_active ? "pickupPoint.list.deactivatePoint" : "pickupPoint.list.activatePoint", { code: point.code })}
                    onClick={() => void setActive(point, !point.is_active)}
                  >
                    {point.is_active ? t("pickupPoint.list.deactivate") : t("pickupPoint.list.activate")}
                  </Button>
                </div>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && !points.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("pickupPoint.list.empty")}
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
      <PickupPointFormDrawer open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} point={editing ?? undefined} />
      <ImportCsvDrawer open={importing} onOpenChange={setImporting} />
      <PublishDrawer open={publishing} onOpenChange={setPublishing} points={chosen} />
    </Container>
  )
}

// The top bar's breadcrumb, empty without it.
export const handle = breadcrumbHandle("pickupPoint.nav.pickupPoints")

export const config = defineRouteConfig({
  label: "pickupPoint.nav.pickupPoints",
  translationNs: "translation",
  icon: MapPin,
})

export default PickupPointsPage
