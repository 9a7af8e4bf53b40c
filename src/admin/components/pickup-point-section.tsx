import { Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { mapLink } from "../lib/format"
import { WEEKDAYS } from "../../storefront/pickup-point"
import { hoursShown } from "../lib/point-hours"
import type { PickupPoint, ShipmentOverview } from "../lib/types"
import { KeyValue } from "./key-value"

/**
 * Where the parcel goes: the point as it was when the order was placed, with its opening hours as the
 * catalog has them now (`catalog`, from the shipment's overview).
 */
export function PickupPointSection({
  point,
  code,
  catalog,
}: {
  point: Partial<PickupPoint> | null
  code: string
  catalog?: ShipmentOverview["catalog_point"]
}) {
  const { t } = useTranslation()
  const { hours, note } = hoursShown(point, catalog)
  return (
    <section aria-labelledby="pickup-point-heading">
      <div className="px-6 py-4">
        <Heading level="h3" id="pickup-point-heading">
          {t("pickupPoint.point.heading")}
        </Heading>
      </div>
      <KeyValue label={t("pickupPoint.point.name")}>
        {point?.name ?? code}
        <Text size="xsmall" className="text-ui-fg-subtle">
          {point?.public_code ? `${code} · ${point.public_code}` : code}
        </Text>
      </KeyValue>
      <KeyValue label={t("pickupPoint.point.address")}>
        {point ? (
          <>
            <div>{point.address}</div>
            <div>
              {point.postcode} {point.city}
              {point.province ? ` (${point.province})` : ""}
            </div>
          </>
        ) : null}
      </KeyValue>
      <KeyValue label={t("pickupPoint.point.openingHours")}>
        {hours && Object.keys(hours).length ? (
          <ul>
            {WEEKDAYS.map((day) => (
              <li key={day}>
                {t(`pickupPoint.days.${day}`)}: {hours[day]?.length ? hours[day].join(", ") : t("pickupPoint.point.closed")}
              </li>
            ))}
          </ul>
        ) : (
          t("pickupPoint.point.noHours")
        )}
        {note ? (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t(`pickupPoint.point.${note}`)}
          </Text>
        ) : null}
      </KeyValue>
      <KeyValue label={t("pickupPoint.point.network")}>{point?.network_name ?? point?.network_code ?? "—"}</KeyValue>
      <KeyValue label={t("pickupPoint.point.codeNeeded")}>
        {point?.requires_verification_code ? t("pickupPoint.point.codeNeededYes") : t("pickupPoint.point.codeNeededNo")}
      </KeyValue>
      {point?.latitude != null && point?.longitude != null ? (
        <KeyValue label={t("pickupPoint.point.map")}>
          <a
            className="text-ui-fg-base underline underline-offset-2"
            href={mapLink(point.latitude, point.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("pickupPoint.point.openMap")}
          </a>
        </KeyValue>
      ) : null}
    </section>
  )
}
