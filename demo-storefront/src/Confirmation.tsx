import type { HttpTypes } from "@medusajs/types"
import { PickupPointSummary, useChosenPickupPoint } from "medusa-pickup-point/react"
import { SUMMARY_CLASSES } from "./class-names"
import { formatPrice, pickupPoints } from "./config"

/** The order as placed: its number, and (first, because it is what the shopper needs next) where to collect it. */
export function Confirmation({ order, onContinue }: { order: HttpTypes.StoreOrder; onContinue: () => void }) {
  const chosen = useChosenPickupPoint(pickupPoints, order)
  return (
    <section aria-labelledby="confirmation-heading" className="confirmation">
      <h1 id="confirmation-heading">Thank you! Order #{order.display_id} is placed.</h1>
      <p className="muted">We sent the details to {order.email}.</p>
      {chosen ? (
        <PickupPointSummary point={chosen} className="summary" classNames={SUMMARY_CLASSES} locale="en-GB" />
      ) : (
        <p>
          Delivered to {order.shipping_address?.address_1}, {order.shipping_address?.postal_code} {order.shipping_address?.city}
        </p>
      )}
      <h2>Your order</h2>
      <ul className="lines">
        {order.items?.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.product_title} ({item.variant_title}) <span>{formatPrice(item.unit_price * item.quantity, order.currency_code)}</span>
          </li>
        ))}
      </ul>
      <p className="total">
        Total <span>{formatPrice(order.total, order.currency_code)}</span>
      </p>
      <button type="button" className="secondary" onClick={onContinue}>
        Continue shopping
      </button>
    </section>
  )
}
