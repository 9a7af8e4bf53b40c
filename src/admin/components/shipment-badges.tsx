import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { SHIPPED_OFF_STATUSES, TRACKING_STAGES } from "../../modules/pickup-point/lib/statuses"
import type { AdminShipment } from "../lib/types"

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const STATUS_COLOR: Record<string, Color> = {
  pending: "grey",
  creating: "blue",
  unknown: "orange",
  awaiting_import: "blue",
  ready: "blue",
  label_generated: "green",
  confirmed: "green",
  cancelled: "grey",
  failed: "red",
}

const STAGE_COLOR: Record<string, Color> = {
  registered: "grey",
  label: "blue",
  shipped: "blue",
  at_pickup_point: "purple",
  ready_for_pickup: "purple",
  delivered: "green",
  cancelled: "grey",
  returned: "orange",
}

/** The shipment's status on the service and, once tracked, how far the parcel has gone. */
export function ShipmentBadges({ shipment }: { shipment: Pick<AdminShipment, "status" | "tracking_stage_name" | "tracking_status_code"> }) {
  const { t } = useTranslation()
  const stage = shipment.tracking_stage_name
  // The carrier's "label generated" next to the status of the same name says nothing more: the stage shows once it goes further.
  const repeatsStatus = stage === "label" && shipment.status === "label_generated"
  // Once the parcel is on its way, where it is says more than "Label generated" beside it (a cancel or a failure still shows).
  const pastLabel = !!stage && (TRACKING_STAGES[stage as keyof typeof TRACKING_STAGES] ?? 0) > TRACKING_STAGES.label
  const saidByStage = pastLabel && (SHIPPED_OFF_STATUSES as readonly string[]).includes(shipment.status)
  return (
    <div className="flex flex-wrap items-center gap-2">
      {saidByStage ? null : (
        <StatusBadge color={STATUS_COLOR[shipment.status] ?? "grey"}>
          {t(`pickupPoint.status.${shipment.status}`, { defaultValue: shipment.status })}
        </StatusBadge>
      )}
      {repeatsStatus ? null : stage ? (
        <StatusBadge color={STAGE_COLOR[stage] ?? "grey"}>{t(`pickupPoint.stage.${stage}`, { defaultValue: stage })}</StatusBadge>
      ) : shipment.tracking_status_code ? (
        <StatusBadge color="grey">{shipment.tracking_status_code}</StatusBadge>
      ) : null}
    </div>
  )
}
