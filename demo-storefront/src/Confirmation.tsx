import type { HttpTypes } from "@medusajs/types"
import { useEffect, useState } from "react"
import { useChosenPickupPoint } from "medusa-pickup-point/react"
import type { ShipmentProgress } from "medusa-pickup-point/storefront"
import { formatPrice, pickupPoints } from "./config"
import { useLanguage } from "./language"
import { PointSummary } from "./point-summary"

/** The order as placed: its number, and (first, because it is what the shopper needs next) where to collect it. */
export function Confirmation({ order, onContinue }: { order: HttpTypes.StoreOrder; onContinue: () => void }) {
  const { texts } = useLanguage()
  // An order's page: the point's hours as it keeps them now, not as they were when the order was placed.
  const chosen = useChosenPickupPoint(pickupPoints, order, { currentHours: true })
  const shipment = useShipmentProgress(order.id, !!chosen)
  return (
    <section aria-labelledby="confirmation-heading" className="confirmation">
      <h1 id="confirmation-heading">
        {order.status === "canceled" ? texts.orderCancelled(order.display_id!) : texts.orderPlaced(order.display_id!)}
      </h1>
      <p className="muted">{texts.placedFor(order.email ?? "")}</p>
      {chosen ? (
        <PointSummary point={chosen} shipment={shipment} className="summary" />
      ) : (
        <p>
          {texts.deliveredTo} {order.shipping_address?.address_1}, {order.shipping_address?.postal_code} {order.shipping_address?.city}
        </p>
      )}
      <h2>{texts.yourOrder}</h2>
      <ul className="lines">
        {order.items?.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.product_title} ({item.variant_title}) <span>{formatPrice(item.unit_price * item.quantity, order.currency_code, texts.priceLocale)}</span>
          </li>
        ))}
        <li>
          {texts.delivery} <span>{formatPrice(order.shipping_total, order.currency_code, texts.priceLocale)}</span>
        </li>
      </ul>
      <p className="total">
        {texts.total} <span>{formatPrice(order.total, order.currency_code, texts.priceLocale)}</span>
      </p>
      <button type="button" className="secondary" onClick={onContinue}>
        {texts.continueShopping}
      </button>
    </section>
  )
}

/**
 * The parcel's progress from the plugin's store route. The shipment order is
 * made just after the order is placed, so ask again a few times until the
 * carrier has registered it.
 */
function useShipmentProgress(orderId: string, enabled: boolean): ShipmentProgress | null {
  const [progress, setProgress] = useState<ShipmentProgress | null>(null)
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async (attemptsLeft: number) => {
      const answer = await pickupPoints.orderShipment(orderId, { signal: controller.signal }).catch(() => null)
      if (controller.signal.aborted) return
      if (answer?.shipment) setProgress(answer.shipment)
      if (!answer?.shipment?.stage && attemptsLeft > 0) timer = setTimeout(() => void read(attemptsLeft - 1), 2_000)
    }
    void read(10)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [orderId, enabled])
  return progress
}
