import { FetchError } from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/types"
import { useCallback, useEffect, useRef, useState } from "react"
import { Checkout } from "./Checkout"
import { isStep, openableStep, stepFor, type Step } from "./checkout-steps"
import { Confirmation } from "./Confirmation"
import { CART_FIELDS, formatPrice, ORDER_FIELDS, PUBLISHABLE_KEY, sdk } from "./config"
import { shopperMessage, useLanguage } from "./language"

type View =
  /** `missing`: the address named a checkout or an order the store does not have (a mistyped or old link). */
  | { name: "shop"; missing?: "checkout" | "order" }
  /** `step`: the step the shopper is at, each one an entry of the browser's history; none for the one the cart needs. */
  | { name: "checkout"; cart: HttpTypes.StoreCart; step?: Step }
  | { name: "confirmation"; order: HttpTypes.StoreOrder }

/** A checkout (at a step) or an order in the page's address: a reload comes back to it. */
const VIEW_ADDRESS = /^#(checkout|order)\/([\w-]+)(?:\/(\w+))?$/

function addressOf(view: View): string {
  if (view.name === "checkout") return `#checkout/${view.cart.id}${view.step ? `/${view.step}` : ""}`
  if (view.name === "confirmation") return `#order/${view.order.id}`
  return window.location.pathname + window.location.search
}

/** Whether the page's address is `address` already (a hash, or the shop's address without one). */
function isHere(address: string): boolean {
  return address.startsWith("#") ? window.location.hash === address : !window.location.hash
}

async function confirmationOf(orderId: string): Promise<View> {
  const { order } = await sdk.store.order.retrieve(orderId, { fields: ORDER_FIELDS })
  return { name: "confirmation", order }
}

/** The view an address names: a cart still open, or a placed order; the shop for a cart or an order the store does not have. */
async function viewAt(hash: string): Promise<View> {
  const [, kind, id, step] = VIEW_ADDRESS.exec(hash) ?? []
  try {
    if (kind === "checkout") {
      const { cart } = await sdk.store.cart.retrieve(id, { fields: CART_FIELDS })
      if (!cart.completed_at) return { name: "checkout", cart, step: openableStep(isStep(step) ? step : undefined, cart) }
      // Placed, but the page went before its confirmation showed: completing again answers the same order.
      const result = await sdk.store.cart.complete(id)
      if (result.type === "order") return await confirmationOf(result.order.id)
    }
    if (kind === "order") return await confirmationOf(id)
  } catch (cause) {
    // Anything but "not found" (the network, the store down) is said, and the address kept for a retry.
    if (!(cause instanceof FetchError && cause.status === 404)) throw cause
    return { name: "shop", missing: kind === "order" ? "order" : "checkout" }
  }
  return { name: "shop" }
}

/** A one-page demo store: pick a product, check out with a pickup point, see where to collect. */
export function App() {
  const { texts, setLanguage } = useLanguage()
  // Null while the checkout or order a reloaded address names is read.
  const [view, setView] = useState<View | null>(() => (VIEW_ADDRESS.test(window.location.hash) ? null : { name: "shop" }))
  // The cause, worded when drawn: a change of language words it again.
  const [readError, setReadError] = useState<unknown>(null)
  const shown = useRef(view)
  shown.current = view

  // A step the shopper takes is a new entry of the browser's history, so that Back returns to the one
  // before; a view read from the address (a reload, Back, a link) takes the place of its entry.
  const replaceEntry = useRef(true)
  // Reads started so far: only the latest address's answer is shown.
  const reads = useRef(0)
  const read = useCallback(() => {
    const mine = ++reads.current
    setReadError(null)
    viewAt(window.location.hash).then(
      // A click meanwhile (the store's name) stands.
      (found) => {
        if (mine !== reads.current) return
        setView((current) => {
          if (current) return current
          replaceEntry.current = true
          return found
        })
      },
      (cause: unknown) => mine === reads.current && setReadError(cause ?? new Error())
    )
  }, [])
  useEffect(() => {
    if (!view) read()
  }, [])
  // An address typed or pasted into this tab, or Back and Forward, open what it names, as a reload would.
  // The page's own pushState and replaceState below fire no hashchange.
  useEffect(() => {
    const follow = () => {
      replaceEntry.current = true
      const [, kind, id, step] = VIEW_ADDRESS.exec(window.location.hash) ?? []
      if (!kind) return setView({ name: "shop" })
      // Another step of the checkout on the page: the checkout opens it (as far as its cart allows), with nothing to read.
      const current = shown.current
      if (kind === "checkout" && current?.name === "checkout" && current.cart.id === id) {
        return setView({ ...current, step: isStep(step) ? step : undefined })
      }
      setView(null)
      read()
    }
    window.addEventListener("hashchange", follow)
    return () => window.removeEventListener("hashchange", follow)
  }, [read])
  useEffect(() => {
    if (!view) return
    const address = addressOf(view)
    if (!isHere(address)) window.history[replaceEntry.current ? "replaceState" : "pushState"](null, "", address)
  }, [view])
  // Every change of view says how it enters the history: the checkout's own correction of its step runs in an effect
  // before this component's, so a flag reset by the write above would be lost before the corrected view's write.
  const go = (next: View, { replace = false } = {}) => {
    replaceEntry.current = replace
    setView(next)
  }

  return (
    <div className="page">
      <header className="masthead">
        <button type="button" className="brand" onClick={() => go({ name: "shop" })}>
          {texts.storeName}
        </button>
        <span className="tagline">{texts.tagline}</span>
        <button type="button" className="link language" lang={texts.otherLanguageCode} onClick={() => setLanguage(texts.otherLanguageCode)}>
          {texts.otherLanguage}
        </button>
      </header>
      <main>
        {!PUBLISHABLE_KEY && (
          <p className="alert" role="alert">
            {texts.noKey}
          </p>
        )}
        {!view && readError === null && <p>{texts.loading}</p>}
        {!view && readError !== null && (
          <p className="alert" role="alert">
            {shopperMessage(readError, texts)}{" "}
            <button type="button" className="link" onClick={read}>
              {texts.tryAgain}
            </button>
          </p>
        )}
        {view?.name === "shop" && view.missing && (
          <p className="alert" role="alert">
            {view.missing === "order" ? texts.orderMissing : texts.checkoutMissing}
          </p>
        )}
        {view?.name === "shop" && <Shop onCart={(cart) => go({ name: "checkout", cart, step: stepFor(cart) })} />}
        {view?.name === "checkout" && (
          <Checkout
            initialCart={view.cart}
            step={view.step}
            onStep={(step, { replace = false } = {}) => go({ ...view, step }, { replace })}
            onOrder={(order) => {
              // A placed checkout cannot be gone back to: its order takes its entry.
              go({ name: "confirmation", order }, { replace: true })
            }}
          />
        )}
        {view?.name === "confirmation" && <Confirmation order={view.order} onContinue={() => go({ name: "shop" })} />}
      </main>
    </div>
  )
}

function Shop({ onCart }: { onCart: (cart: HttpTypes.StoreCart) => void }) {
  const { texts } = useLanguage()
  const [region, setRegion] = useState<HttpTypes.StoreRegion | null>(null)
  const [products, setProducts] = useState<HttpTypes.StoreProduct[] | null>(null)
  // The cause, worded when drawn, as the checkout's.
  const [error, setError] = useState<unknown>(null)
  const [adding, setAdding] = useState<string | null>(null)

  useEffect(() => {
    ;(async () => {
      const { regions } = await sdk.store.region.list()
      const italy = regions.find((r) => r.countries?.some((c) => c.iso_2 === "it")) ?? regions[0]
      if (!italy) throw new Error("The store has no region yet.")
      setRegion(italy)
      const { products } = await sdk.store.product.list({ region_id: italy.id, fields: "*variants.calculated_price" })
      setProducts(products)
    })().catch((cause: unknown) => setError(cause ?? new Error()))
  }, [])

  const buy = async (variantId: string) => {
    if (!region) return
    setAdding(variantId)
    setError(null)
    try {
      const { cart } = await sdk.store.cart.create({ region_id: region.id, items: [{ variant_id: variantId, quantity: 1 }] })
      onCart(cart)
    } catch (cause) {
      setError(cause ?? new Error())
      setAdding(null)
    }
  }

  return (
    <section aria-labelledby="shop-heading">
      <h1 id="shop-heading">{texts.shop}</h1>
      {error !== null && (
        <p className="alert" role="alert">
          {shopperMessage(error, texts)}
        </p>
      )}
      {!products && error === null && <p>{texts.loadingProducts}</p>}
      <ul className="products">
        {products?.map((product) => {
          const variant = product.variants?.[0]
          return (
            <li key={product.id} className="card">
              <h2>{product.title}</h2>
              {variant && (
                <>
                  <p className="muted">{texts.size(variant.title ?? "")}</p>
                  <p className="price">{formatPrice(variant.calculated_price?.calculated_amount, region?.currency_code, texts.priceLocale)}</p>
                  <button type="button" className="primary" disabled={adding !== null} onClick={() => void buy(variant.id)}>
                    {adding === variant.id ? texts.adding : texts.buy(product.title)}
                  </button>
                </>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
