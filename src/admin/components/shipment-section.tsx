import { Alert, Heading, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { FINAL_STAGE_RANK } from "../../modules/pickup-point/lib/statuses"
import { messageOf } from "../lib/errors"
import { formatDateTime } from "../lib/format"
import { downloadLabel } from "../lib/label-download"
import { backendLink } from "../lib/sdk"
import { carrierCancelAdvice, errorAdvice, hasPrintableLabel, isImportWait } from "../lib/shipment-advice"
import { trackingStatusText } from "../lib/tracking-status"
import type { AdminShipment } from "../lib/types"
import { KeyValue } from "./key-value"

type ErrorFacts = Pick<AdminShipment, "status" | "last_error" | "cancel_requested_at">

/**
 * How loud the last error is: a failure needs a person; a call the plugin
 * retries by itself is a warning; the carrier still importing the order is
 * the normal wait after checkout (the stuck case has its own warning).
 */
function lastErrorLook(shipment: ErrorFacts): { variant: "error" | "warning" | "info"; title: string } {
  if (shipment.status === "failed") return { variant: "error", title: "pickupPoint.shipment.lastError" }
  if (isImportWait(shipment)) return { variant: "info", title: "pickupPoint.shipment.awaitingImport" }
  return { variant: "warning", title: "pickupPoint.shipment.lastError" }
}

/** A warning when the shipment needs a person, and why. */
export function AttentionAlert({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation()
  if (!shipment.attention) return null
  return (
    <div className="px-6 py-4">
      <Alert variant={shipment.attention === "failed" ? "error" : "warning"}>
        <Text size="small" weight="plus">
          {t(`pickupPoint.attention.${shipment.attention}.title`)}
        </Text>
        <Text size="small">{t(`pickupPoint.attention.${shipment.attention}.body`)}</Text>
      </Alert>
    </div>
  )
}

/** The shipment order on the service: references, label, and the last error with what to do. */
export function ShipmentSection({ shipment, order }: { shipment: AdminShipment; order: Parameters<typeof carrierCancelAdvice>[1] }) {
  const { t, i18n } = useTranslation()
  const carrierCancel = carrierCancelAdvice(shipment, order)
  return (
    <section aria-labelledby="pickup-point-shipment-heading">
      <div className="px-6 py-4">
        <Heading level="h3" id="pickup-point-shipment-heading">
          {t("pickupPoint.shipment.heading")}
        </Heading>
      </div>
      <KeyValue label={t("pickupPoint.shipment.orderNumber")}>{shipment.order_number}</KeyValue>
      <KeyValue label={t("pickupPoint.shipment.referenceCode")}>{shipment.order_reference_code ?? "—"}</KeyValue>
      <KeyValue label={t("pickupPoint.shipment.trackingNumber")}>{shipment.tracking_number ?? "—"}</KeyValue>
      <KeyValue label={t("pickupPoint.shipment.label")}>
        {hasPrintableLabel(shipment) ? (
          <a
            className="text-ui-fg-base underline underline-offset-2"
            href={backendLink(`/admin/pickup-point/shipments/${shipment.id}/label`)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => downloadLabel(event, shipment, (error) => toast.error(t("pickupPoint.toast.labelNotDownloaded"), { description: messageOf(error) }))}
          >
            {t("pickupPoint.shipment.labelLink", { number: shipment.order_number })}
          </a>
        ) : (
          // Why there is none is said once, under the disabled "Download label" action.
          "—"
        )}
      </KeyValue>
      {shipment.tracking_status_description ? (
        <KeyValue label={t("pickupPoint.shipment.tracking")}>
          {trackingStatusText(shipment.tracking_status_code, shipment.tracking_status_description, (key, fallback) => t(key, { defaultValue: fallback }))}
          {/* A final stage (picked up, cancelled, returned) is not followed: "not heard from yet" would promise news. */}
          {shipment.last_heard_at || (shipment.tracking_stage ?? 0) < FINAL_STAGE_RANK ? (
            <Text size="xsmall" className="text-ui-fg-subtle">
              {shipment.last_heard_at
                ? t("pickupPoint.shipment.lastHeard", { when: formatDateTime(shipment.last_heard_at, i18n.language) })
                : t("pickupPoint.shipment.neverHeard")}
            </Text>
          ) : null}
        </KeyValue>
      ) : null}
      {carrierCancel ? (
        <div className="px-6 py-3">
          <Alert variant="warning">
            <Text size="small" weight="plus">
              {t("pickupPoint.shipment.cancelledByCarrier.title")}
            </Text>
            <Text size="small">{t(`pickupPoint.shipment.cancelledByCarrier.${carrierCancel}`)}</Text>
          </Alert>
        </div>
      ) : null}
      {shipment.cancel_requested_at && shipment.status !== "cancelled" ? (
        <KeyValue label={t("pickupPoint.shipment.cancelRequested")}>
          {formatDateTime(shipment.cancel_requested_at, i18n.language)}
        </KeyValue>
      ) : null}
      {shipment.last_error ? (
        <div className="px-6 py-3">
          <Alert variant={lastErrorLook(shipment).variant}>
            <Text size="small" weight="plus">
              {t(lastErrorLook(shipment).title)}
            </Text>
            <Text size="small">{shipment.last_error}</Text>
            <Text size="small" className="mt-1">
              {t(errorAdvice(shipment))}
            </Text>
          </Alert>
        </div>
      ) : null}
    </section>
  )
}
