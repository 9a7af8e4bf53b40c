import type { HttpTypes } from "@medusajs/types"
import { PickupPointPicker, useChosenPickupPoint } from "medusa-pickup-point/react"
import { needsPickupPointChoice, optionsForPointPicker, readChosenPickupPoint, shopperError } from "medusa-pickup-point/storefront"
import { useEffect, useState, type FormEvent } from "react"
import { openableStep, STEPS, type Step } from "./checkout-steps"
import { PICKER_CLASSES } from "./class-names"
import { CART_FIELDS, formatPrice, ORDER_FIELDS, pickupPoints, sdk } from "./config"
import { shopperMessage, useLanguage } from "./language"
import { PointSummary } from "./point-summary"

/** The manual payment provider every Medusa store has: nothing is charged. */
const MANUAL_PAYMENT = "pp_system_default"

const fields = { fields: CART_FIELDS }

/** Refusals of the cart's point (at payment or at the order's placing): another point is to be chosen, at the delivery step. */
const POINT_REFUSALS = ["pickup_point_unavailable", "pickup_point_wrong_country", "pickup_point_required", "pickup_point_mismatch"]

/** Whether the store refused the cart's pickup point, rather than anything else. */
const refusesPoint = (cause: unknown) => POINT_REFUSALS.includes(shopperError(cause).code ?? "")

/**
 * The checkout's steps; `step` is the one the page's address asks for, each step the shopper
 * moves to is a new entry of the browser's history (`onStep`), so that Back returns to the step
 * before. A step the cart is not ready for opens the first one it needs, and the address says so.
 */
export function Checkout({
  initialCart,
  step: asked,
  onStep,
  onOrder,
}: {
  initialCart: HttpTypes.StoreCart
  step?: Step
  onStep: (step: Step, options?: { replace?: boolean }) => void
  onOrder: (order: HttpTypes.StoreOrder) => void
}) {
  const { texts } = useLanguage()
  const [cart, setCart] = useState(initialCart)
  const step = openableStep(asked, cart)
  useEffect(() => {
    if (step !== asked) onStep(step, { replace: true })
  }, [step, asked])
  const setStep = (next: Step) => onStep(next)
  const reached = (s: Step) => STEPS.indexOf(step) >= STEPS.indexOf(s)
  // The store's refusal of the cart's point when the order was placed: the delivery step says it and holds the
  // checkout until another point is chosen, whatever the picker's look-up (which the browser may answer from
  // its cache for a minute) still says of the point.
  const [pointRefusal, setPointRefusal] = useState<unknown>(null)
  // In place of the step that was refused: Back does not return to a step that can only be refused again.
  const backToDelivery = (refusal: unknown) => {
    setPointRefusal(refusal)
    onStep("delivery", { replace: true })
  }

  return (
    <>
    <h1>{texts.checkout}</h1>
    <div className="checkout">
      <div className="steps">
        <AddressStep cart={cart} open={step === "address"} onEdit={() => setStep("address")} onDone={(c) => (setCart(c), setStep("delivery"))} />
        {reached("delivery") && (
          <DeliveryStep
            cart={cart}
            open={step === "delivery"}
            refusal={pointRefusal}
            onEdit={() => setStep("delivery")}
            onCart={(c) => (setPointRefusal(null), setCart(c))}
            onDone={() => setStep("payment")}
          />
        )}
        {reached("payment") && (
          <PaymentStep
            cart={cart}
            open={step === "payment"}
            onEdit={() => setStep("payment")}
            onDone={(c) => (setCart(c), setStep("review"))}
            onPointRefused={backToDelivery}
          />
        )}
        {reached("review") && <ReviewStep cart={cart} onOrder={onOrder} onPointRefused={backToDelivery} />}
      </div>
      <aside className="bag" aria-labelledby="bag-heading">
        <h2 id="bag-heading">{texts.bag}</h2>
        <ul>
          {cart.items?.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.product_title} ({item.variant_title}) <span>{formatPrice(item.unit_price * item.quantity, cart.currency_code, texts.priceLocale)}</span>
            </li>
          ))}
        </ul>
        <p>
          {texts.delivery} <span>{cart.shipping_methods?.length ? formatPrice(cart.shipping_total, cart.currency_code, texts.priceLocale) : "—"}</span>
        </p>
        <p className="total">
          {texts.total} <span>{formatPrice(cart.total, cart.currency_code, texts.priceLocale)}</span>
        </p>
      </aside>
    </div>
    </>
  )
}

type StepProps = { cart: HttpTypes.StoreCart; open: boolean; onEdit: () => void }

function StepHeader({ title, open, onEdit }: { title: string; open: boolean; onEdit: () => void }) {
  const { texts } = useLanguage()
  return (
    <div className="step-header">
      <h2>{title}</h2>
      {!open && (
        <button type="button" className="link" onClick={onEdit}>
          {texts.change}<span className="visually-hidden"> {title.replace(/^\d+\. /, "").toLowerCase()}</span>
        </button>
      )}
    </div>
  )
}

function AddressStep({ cart, open, onEdit, onDone }: StepProps & { onDone: (cart: HttpTypes.StoreCart) => void }) {
  const { texts } = useLanguage()
  const [error, setError] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)
  const address = cart.shipping_address

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? "").trim()
    const shipping = {
      first_name: value("first_name"),
      last_name: value("last_name"),
      address_1: value("address_1"),
      postal_code: value("postal_code"),
      city: value("city"),
      phone: value("phone"),
      country_code: "it",
    }
    setSaving(true)
    setError(null)
    try {
      const { cart: updated } = await sdk.store.cart.update(
        cart.id,
        { email: value("email"), shipping_address: shipping, billing_address: shipping },
        fields
      )
      onDone(updated)
    } catch (cause) {
      setError(cause)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="step" aria-label={texts.addressStep}>
      <StepHeader title={`1. ${texts.addressStep}`} open={open} onEdit={onEdit} />
      {open ? (
        <form onSubmit={submit} className="form-grid">
          <Field name="email" label={texts.email} type="email" autoComplete="email" defaultValue={cart.email} />
          <Field name="first_name" label={texts.firstName} autoComplete="given-name" defaultValue={address?.first_name} />
          <Field name="last_name" label={texts.lastName} autoComplete="family-name" defaultValue={address?.last_name} />
          <Field name="address_1" label={texts.address} autoComplete="address-line1" defaultValue={address?.address_1} wide />
          <Field name="postal_code" label={texts.postcode} autoComplete="postal-code" defaultValue={address?.postal_code} />
          <Field name="city" label={texts.city} autoComplete="address-level2" defaultValue={address?.city} />
          <Field
            name="phone"
            label={texts.phone}
            type="tel"
            autoComplete="tel"
            defaultValue={address?.phone}
            hint={texts.phoneHint}
            wide
          />
          <p className="muted wide">{texts.country}</p>
          {error !== null && (
            <p className="alert wide" role="alert">
              {shopperMessage(error, texts)}
            </p>
          )}
          <button type="submit" className="primary wide" disabled={saving}>
            {saving ? texts.saving : texts.toDelivery}
          </button>
        </form>
      ) : (
        <p className="muted">
          {cart.email} · {address?.first_name} {address?.last_name}, {address?.address_1}, {address?.postal_code} {address?.city} · {address?.phone}
        </p>
      )}
    </section>
  )
}

function Field(props: { name: string; label: string; type?: string; autoComplete?: string; defaultValue?: string | null; hint?: string; wide?: boolean }) {
  const id = `field-${props.name}`
  return (
    <div className={props.wide ? "field wide" : "field"}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue ?? ""}
        required
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && (
        <span id={`${id}-hint`} className="hint">
          {props.hint}
        </span>
      )}
    </div>
  )
}

function DeliveryStep({
  cart,
  open,
  refusal,
  onEdit,
  onCart,
  onDone,
}: StepProps & { refusal: unknown; onCart: (cart: HttpTypes.StoreCart) => void; onDone: () => void }) {
  const { texts } = useLanguage()
  const [options, setOptions] = useState<HttpTypes.StoreCartShippingOption[] | null>(null)
  const method = cart.shipping_methods?.[0]
  const [optionId, setOptionId] = useState<string | null>(method?.shipping_option_id ?? null)
  const [error, setError] = useState<unknown>(null)
  // The point on the cart was refused by the picker (deactivated since, or abroad): another must be chosen.
  const [pointRefused, setPointRefused] = useState(false)
  const chosen = readChosenPickupPoint(cart)
  const chosenWithDetails = useChosenPickupPoint(pickupPoints, cart)

  // Read again each time the step opens: an option the store stopped offering meanwhile is not listed.
  useEffect(() => {
    if (!open) return
    sdk.store.fulfillment
      .listCartOptions({ cart_id: cart.id })
      .then(({ shipping_options }) => setOptions(shipping_options))
      .catch((cause: unknown) => setError(cause ?? new Error()))
  }, [cart.id, open])

  const option = options?.find((o) => o.id === optionId) ?? null
  const methodIsOption = !!option && method?.shipping_option_id === option.id
  // "Continue" waits for the method of the chosen option, and for a point when the option needs one.
  const ready = methodIsOption && (!needsPickupPointChoice(option) || (!!chosen && !pointRefused && refusal === null))

  const pick = async (next: HttpTypes.StoreCartShippingOption) => {
    setOptionId(next.id)
    setError(null)
    if (needsPickupPointChoice(next)) return // the point comes first: the picker adds the method
    try {
      const { cart: updated } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: next.id }, fields)
      onCart(updated)
    } catch (cause) {
      setError(cause)
    }
  }

  return (
    <section className="step" aria-label={texts.deliveryStep}>
      <StepHeader title={`2. ${texts.deliveryStep}`} open={open} onEdit={onEdit} />
      {!open ? (
        <div className="muted">
          {method?.name}
          {chosenWithDetails && <PointSummary point={chosenWithDetails} showHours={false} headingLevel={3} className="summary compact" />}
        </div>
      ) : (
        <>
          {!options && error === null && <p>{texts.loadingOptions}</p>}
          {options && (
            <fieldset className="options">
              <legend>{texts.howToDeliver}</legend>
              {optionsForPointPicker(options, method?.shipping_option_id).map((o) => (
                <label key={o.id} className="option">
                  <input type="radio" name="shipping-option" value={o.id} checked={optionId === o.id} onChange={() => void pick(o)} />
                  <span className="option-name">{o.name}</span>
                  <span className="option-price">{formatPrice(o.amount, cart.currency_code, texts.priceLocale)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {option && needsPickupPointChoice(option) && (
            <PickupPointPicker
              api={pickupPoints}
              countryCode="it"
              timeZone="Europe/Rome"
              // The points around the shipping address, listed as the step opens.
              initialQuery={cart.shipping_address?.postal_code ?? ""}
              selectedCode={methodIsOption ? (chosen?.code ?? null) : null}
              remember
              labels={texts.picker}
              locale={texts.locale}
              onSelect={async (point) => {
                onCart(await pickupPoints.choose<HttpTypes.StoreCart>(cart.id, option.id, point, { fields: CART_FIELDS }))
                setPointRefused(false)
              }}
              onError={(refusal) => {
                if (refusal.code === "pickup_point_unavailable" || refusal.code === "pickup_point_wrong_country") setPointRefused(true)
              }}
              className="picker"
              classNames={PICKER_CLASSES}
            />
          )}
          {/* Said here unless the picker says it already. */}
          {refusal !== null && !pointRefused && (
            <p className="alert" role="alert">
              {shopperMessage(refusal, texts)}
            </p>
          )}
          {error !== null && (
            <p className="alert" role="alert">
              {shopperMessage(error, texts)}
            </p>
          )}
          <button type="button" className="primary" disabled={!ready} aria-describedby="delivery-hint" onClick={onDone}>
            {texts.toPayment}
          </button>
          {!ready && (
            <p id="delivery-hint" className="hint">
              {option && needsPickupPointChoice(option) ? texts.choosePoint : texts.chooseDelivery}
            </p>
          )}
        </>
      )}
    </section>
  )
}

function PaymentStep({
  cart,
  open,
  onEdit,
  onDone,
  onPointRefused,
}: StepProps & { onDone: (cart: HttpTypes.StoreCart) => void; onPointRefused: (refusal: unknown) => void }) {
  const { texts } = useLanguage()
  const [error, setError] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      await sdk.store.payment.initiatePaymentSession(cart, { provider_id: MANUAL_PAYMENT })
      const { cart: updated } = await sdk.store.cart.retrieve(cart.id, fields)
      onDone(updated)
    } catch (cause) {
      // As at the order's placing: a refused point is chosen again at the delivery step.
      if (refusesPoint(cause)) onPointRefused(cause)
      else setError(cause)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="step" aria-label={texts.paymentStep}>
      <StepHeader title={`3. ${texts.paymentStep}`} open={open} onEdit={onEdit} />
      {open ? (
        <form onSubmit={submit}>
          <fieldset className="options">
            <legend>{texts.paymentMethod}</legend>
            <label className="option">
              <input type="radio" name="payment" value={MANUAL_PAYMENT} defaultChecked />
              <span className="option-name">{texts.manualPayment}</span>
            </label>
          </fieldset>
          {error !== null && (
            <p className="alert" role="alert">
              {shopperMessage(error, texts)}
            </p>
          )}
          <button type="submit" className="primary" disabled={saving}>
            {saving ? texts.saving : texts.toReview}
          </button>
        </form>
      ) : (
        <p className="muted">{texts.manualPaymentShort}</p>
      )}
    </section>
  )
}

function ReviewStep({
  cart,
  onOrder,
  onPointRefused,
}: {
  cart: HttpTypes.StoreCart
  onOrder: (order: HttpTypes.StoreOrder) => void
  onPointRefused: (refusal: unknown) => void
}) {
  const { texts } = useLanguage()
  const [error, setError] = useState<unknown>(null)
  const [placing, setPlacing] = useState(false)
  const chosen = useChosenPickupPoint(pickupPoints, cart)

  // The point refused (deactivated since it was chosen, say): back to the delivery step, whose picker says why
  // and holds the checkout until another is chosen, rather than a "Place order" that can only fail again.
  const refuse = (cause: unknown) => (refusesPoint(cause) ? onPointRefused(cause) : setError(cause))

  const place = async () => {
    setPlacing(true)
    setError(null)
    try {
      const result = await sdk.store.cart.complete(cart.id)
      if (result.type !== "order") {
        refuse(result.error)
        return
      }
      const { order } = await sdk.store.order.retrieve(result.order.id, { fields: ORDER_FIELDS })
      onOrder(order)
    } catch (cause) {
      refuse(cause)
    } finally {
      setPlacing(false)
    }
  }

  return (
    <section className="step" aria-label={texts.reviewStep}>
      <StepHeader title={`4. ${texts.reviewStep}`} open onEdit={() => undefined} />
      <PointSummary point={chosen} showHours={false} headingLevel={3} className="summary" />
      {error !== null && (
        <p className="alert" role="alert">
          {shopperMessage(error, texts)}
        </p>
      )}
      <button type="button" className="primary" disabled={placing} onClick={() => void place()}>
        {placing ? texts.placing : texts.placeOrder}
      </button>
    </section>
  )
}
