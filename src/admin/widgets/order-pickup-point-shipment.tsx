import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { PickupPointSection } from "../components/pickup-point-section"
import { ShipmentActions } from "../components/shipment-actions"
import { ShipmentBadges } from "../components/shipment-badges"
import { AttentionAlert, ShipmentSection } from "../components/shipment-section"
import { ShipmentTimeline } from "../components/shipment-timeline"
import { messageOf } from "../lib/errors"
import { useFollowOrder, useOrderShipment, useRefreshOrderOnceSettled, useShipmentOverview } from "../lib/queries"

/**
 * On every order the plugin ships: where the parcel goes, where its
 * shipment order stands, what happened to it, and what an admin can do.
 * Orders shipped otherwise show nothing.
 */
const OrderPickupPointShipmentWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation()
  useFollowOrder(order)
  const { data: found, isError: listFailed, error: listError } = useOrderShipment(order.id)
  const { data: overview, isError, error, isPlaceholderData } = useShipmentOverview(found?.id, order.id)
  useRefreshOrderOnceSettled(overview?.shipment)

  if (found === null) return null
  if (listFailed || isError) {
    return (
      <Container className="px-6 py-4">
        <Text size="small" className="text-ui-fg-error">
          {t("pickupPoint.widget.loadFailed", { message: messageOf(listError ?? error) })}
        </Text>
      </Container>
    )
  }
  if (!overview) {
    return (
      <Container className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          {t("pickupPoint.widget.loading")}
        </Text>
      </Container>
    )
  }
  const { shipment, timeline, verification_code, catalog_point } = overview
  return (
    <Container className="divide-y p-0" role="region" aria-labelledby="pickup-point-widget-heading">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <Heading level="h2" id="pickup-point-widget-heading">
          {t("pickupPoint.widget.title")}
        </Heading>
        <ShipmentBadges shipment={shipment} />
      </div>
      <AttentionAlert shipment={shipment} />
      <PickupPointSection point={shipment.pickup_point} code={shipment.pickup_point_code} catalog={catalog_point} />
      <ShipmentSection shipment={shipment} order={order} />
      <ShipmentActions
        shipment={shipment}
        allowance={verification_code}
        orderStatus={order.status}
        shipsTo={order.shipping_address?.country_code}
        fulfilledElsewhere={!!order.fulfillments?.some((fulfillment) => !fulfillment.canceled_at)}
        busy={isPlaceholderData}
      />
      <ShipmentTimeline entries={timeline} />
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details",
  id: "pickup-point-order-shipment",
})

export default OrderPickupPointShipmentWidget
