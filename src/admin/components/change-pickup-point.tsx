import { Badge, Button, Drawer, Input, Label, RadioGroup, Text, Textarea, toast } from "@medusajs/ui"
import { useDeferredValue, useState } from "react"
import { useTranslation } from "react-i18next"
import { changePointRefusalReason } from "../../modules/pickup-point/lib/statuses"
import { formatDistance } from "../../storefront/format"
import { messageOf, refusalText } from "../lib/errors"
import { formatCountry } from "../lib/format"
import { usePickupPoints } from "../lib/pickup-point-queries"
import { useShipmentActions } from "../lib/queries"
import { useNow } from "../lib/use-now"
import type { AdminShipment, PickupPoint } from "../lib/types"
import { ActionRow } from "./action-row"
import { DrawerHeader } from "./pickup-points/drawer-header"

/**
 * "Change pickup point": before the label only; the old shipment order is cancelled and a new one created.
 * "Ship again" for a shipment whose shipment order the store cancelled: a new one, to its point or another.
 * `orderStatus` is the Medusa order's: a cancelled order's shipment cannot move. `shipsTo` is the country
 * of its shipping address: only points there are offered, as the server refuses any other.
 */
export function ChangePickupPoint({
  shipment,
  orderStatus,
  shipsTo,
  fulfilledElsewhere = false,
}: {
  shipment: AdminShipment
  orderStatus?: string
  shipsTo?: string | null
  /** The order has a live fulfillment (its items went another way): a cancelled shipment is not sent again. */
  fulfilledElsewhere?: boolean
}) {
  const { t } = useTranslation()
  const { changePoint } = useShipmentActions(shipment.id)
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<PickupPoint | null>(null)
  const [note, setNote] = useState("")
  const [missing, setMissing] = useState(false)
  // Renewed every few seconds: a label request's refusal ends with time, not with a change of the shipment.
  const now = useNow()
  const refused = changePointRefusalReason(shipment, { status: orderStatus }, now)
  // Its shipment order cancelled (before the label) for an order that goes on: sent again, to its own point or another.
  const again = shipment.status === "cancelled" && !refused
  const reason = refused
    ? t(`pickupPoint.refusal.changePoint.${refused}`)
    : again && fulfilledElsewhere
      ? t("pickupPoint.refusal.changePoint.fulfilledElsewhere")
      : null

  const close = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setChosen(null)
      setNote("")
      setMissing(false)
    }
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!chosen) {
      setMissing(true)
      return
    }
    // Awaited rather than given callbacks: the order's shipment gets a new id, and the widget may
    // re-render this action from the new one before mutate's own callbacks would run.
    changePoint.mutateAsync({ pickup_point_code: chosen.code, note: note.trim() || undefined }).then(
      ({ shipment: after }) => {
        const done = again ? t("pickupPoint.toast.shippedAgain", { number: shipment.order_number, name: chosen.name }) : t("pickupPoint.toast.pointChanged", { name: chosen.name })
        toast.success(done, {
          description: t("pickupPoint.toast.pointChangedDetail", { status: t(`pickupPoint.status.${after.status}`) }),
        })
        close(false)
      },
      (error) => toast.error(t(again ? "pickupPoint.toast.shipAgainRefused" : "pickupPoint.toast.pointChangeRefused"), { description: refusalText(error, t) })
    )
  }

  return (
    <ActionRow id="pickup-point-change" reason={reason}>
      <Button
        size="small"
        variant="secondary"
        disabled={!!reason}
        aria-describedby={reason ? "pickup-point-change-reason" : undefined}
        onClick={() => setOpen(true)}
      >
        {t(again ? "pickupPoint.actions.shipAgain" : "pickupPoint.actions.changePoint")}
      </Button>
      <Drawer open={open} onOpenChange={close}>
        <Drawer.Content aria-describedby="pickup-point-change-description">
          <form onSubmit={submit} noValidate className="flex h-full flex-col overflow-hidden">
            <DrawerHeader title={t(again ? "pickupPoint.changePoint.againTitle" : "pickupPoint.changePoint.title", { number: shipment.order_number })} />
            <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
              <Text id="pickup-point-change-description" size="small" className="text-ui-fg-subtle">
                {t(again ? "pickupPoint.changePoint.againDescription" : "pickupPoint.changePoint.description")}
              </Text>
              {again ? null : (
                <Text size="small">
                  {t("pickupPoint.changePoint.current", { name: shipment.pickup_point?.name ?? shipment.pickup_point_code, code: shipment.pickup_point_code })}
                </Text>
              )}
              <CatalogChoice
                currentCode={shipment.pickup_point_code}
                excludedCode={again ? undefined : shipment.pickup_point_code}
                around={coordinatesOf(shipment.pickup_point)}
                country={shipsTo || undefined}
                chosen={chosen}
                onChoose={(point) => {
                  setChosen(point)
                  setMissing(false)
                }}
              />
              {/* The choice stays in view when a later search no longer lists it: it is what is sent. */}
              {chosen ? (
                <Text id="pickup-point-change-chosen" role="status" size="small" weight="plus">
                  {t(again ? "pickupPoint.changePoint.againChosen" : "pickupPoint.changePoint.chosen", {
                    name: chosen.name,
                    code: chosen.code,
                    address: chosen.address,
                    postcode: chosen.postcode,
                    city: chosen.city,
                  })}
                </Text>
              ) : null}
              {missing ? (
                <Text id="pickup-point-change-missing" role="alert" size="small" className="text-ui-fg-error">
                  {t("pickupPoint.changePoint.choose")}
                </Text>
              ) : null}
              <div className="flex flex-col gap-y-1">
                <Label htmlFor="pickup-point-change-note" size="small" weight="plus">
                  {t("pickupPoint.changePoint.note")}
                </Label>
                <Textarea id="pickup-point-change-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
              </div>
            </Drawer.Body>
            <Drawer.Footer>
              <Drawer.Close asChild>
                <Button size="small" variant="secondary" type="button">
                  {t(again ? "pickupPoint.changePoint.againKeep" : "pickupPoint.changePoint.keep")}
                </Button>
              </Drawer.Close>
              <Button size="small" type="submit" isLoading={changePoint.isPending} disabled={changePoint.isPending}>
                {t(again ? "pickupPoint.changePoint.againConfirm" : "pickupPoint.changePoint.confirm")}
              </Button>
            </Drawer.Footer>
          </form>
        </Drawer.Content>
      </Drawer>
    </ActionRow>
  )
}

/** How far around the current point the list reaches before anything is typed. */
const NEARBY_RADIUS_KM = 50

function coordinatesOf(point: Partial<PickupPoint> | null | undefined): { latitude: number; longitude: number } | undefined {
  const { latitude, longitude } = point ?? {}
  return typeof latitude === "number" && typeof longitude === "number" ? { latitude, longitude } : undefined
}

/**
 * A search of the active catalog, and the points found to choose from (the
 * current one excluded, unless the shipment is sent again): those nearest the current point first, when it has
 * coordinates (a point that closed is usually replaced by one nearby), each
 * with its distance and whether it hands parcels over against a code.
 */
function CatalogChoice({
  currentCode,
  excludedCode,
  around,
  country,
  chosen,
  onChoose,
}: {
  currentCode: string
  excludedCode?: string
  around?: { latitude: number; longitude: number }
  country?: string
  chosen: PickupPoint | null
  onChoose: (point: PickupPoint) => void
}) {
  const { t, i18n } = useTranslation()
  const [q, setQ] = useState("")
  const search = useDeferredValue(q.trim())
  // Before a search, only the points around it (an index range, whatever the catalog's size); a search looks everywhere.
  const radius = around && !search ? NEARBY_RADIUS_KM : undefined
  const { data, isFetching, isError, error } = usePickupPoints({
    q: search || undefined,
    country_code: country,
    is_active: "true",
    ...around,
    radius_km: radius,
    limit: 10,
    offset: 0,
  })
  const points = (data?.pickup_points ?? []).filter((point) => point.code !== excludedCode)
  const ordering = around ? (radius ? t("pickupPoint.changePoint.nearestWithin", { km: radius }) : t("pickupPoint.changePoint.nearest")) : null
  return (
    <div className="flex flex-col gap-y-3">
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="pickup-point-change-search" size="small" weight="plus">
          {t("pickupPoint.changePoint.search")}
        </Label>
        <Input
          id="pickup-point-change-search"
          size="small"
          autoComplete="off"
          placeholder={t("pickupPoint.changePoint.searchPlaceholder")}
          aria-describedby={[country && "pickup-point-change-country", ordering && "pickup-point-change-ordering"].filter(Boolean).join(" ") || undefined}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          // The search is made as the admin types: Enter must not submit the change of point around it.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault()
          }}
        />
        {country ? (
          <Text id="pickup-point-change-country" size="small" className="text-ui-fg-subtle">
            {t("pickupPoint.changePoint.inCountry", { country: formatCountry(country, i18n.language) })}
          </Text>
        ) : null}
        {ordering ? (
          <Text id="pickup-point-change-ordering" size="small" className="text-ui-fg-subtle">
            {ordering}
          </Text>
        ) : null}
      </div>
      {isError ? (
        <Text size="small" className="text-ui-fg-error">
          {messageOf(error)}
        </Text>
      ) : points.length ? (
        <RadioGroup
          aria-label={t("pickupPoint.changePoint.results")}
          value={chosen?.code ?? ""}
          onValueChange={(code) => {
            const point = points.find((candidate) => candidate.code === code)
            if (point) onChoose(point)
          }}
          className="flex flex-col gap-y-2"
        >
          {points.map((point) => {
            const km = formatDistance(point.distance_km, i18n.language)
            const distance = point.code === currentCode ? t("pickupPoint.changePoint.currentPoint") : km ? t("pickupPoint.changePoint.distance", { distance: km }) : null
            return (
              <div key={point.id} className="flex items-start gap-x-3">
                <RadioGroup.Item id={`pickup-point-change-${point.id}`} value={point.code} className="mt-0.5" />
                <Label htmlFor={`pickup-point-change-${point.id}`} size="small" className="flex flex-col">
                  <span className="txt-compact-small-plus">
                    {point.name} ({point.code})
                  </span>
                  <span className="text-ui-fg-subtle">
                    {point.address}, {point.postcode} {point.city}
                    {point.network_name ? ` · ${point.network_name}` : ""}
                  </span>
                  {distance || point.requires_verification_code ? (
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-ui-fg-subtle">
                      {distance}
                      {point.requires_verification_code ? (
                        <Badge size="2xsmall" color="blue">
                          {t("pickupPoint.changePoint.codeNeeded")}
                        </Badge>
                      ) : null}
                    </span>
                  ) : null}
                </Label>
              </div>
            )
          })}
        </RadioGroup>
      ) : (
        <Text size="small" className="text-ui-fg-subtle">
          {isFetching ? t("pickupPoint.changePoint.searching") : radius ? t("pickupPoint.changePoint.noneNearby", { km: radius }) : t("pickupPoint.changePoint.none")}
        </Text>
      )}
    </div>
  )
}
