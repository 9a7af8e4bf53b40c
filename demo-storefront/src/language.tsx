import { DEFAULT_PICKER_LABELS, DEFAULT_SUMMARY_LABELS, ITALIAN_PICKER_LABELS, ITALIAN_SUMMARY_LABELS } from "medusa-pickup-point/react"
import { shopperError } from "medusa-pickup-point/storefront"
import { createContext, useContext, useEffect, useState, type ReactNode } from "react"

export type Language = "en" | "it"

/** The demo's own words; the plugin's components bring theirs (`picker`, `summary`). */
const ENGLISH = {
  locale: "en-GB",
  /** Prices as the shopper reads them: "€12.00", "12,00 €". */
  priceLocale: "en-IE",
  picker: DEFAULT_PICKER_LABELS,
  summary: DEFAULT_SUMMARY_LABELS,
  storeName: "Pickup point demo store",
  tagline: "medusa-pickup-point · sandbox carrier",
  otherLanguage: "Italiano",
  otherLanguageCode: "it" as Language,
  loading: "Loading…",
  tryAgain: "Try again",
  orderMissing: "We could not find this order. Check the link you followed, or place a new order below.",
  checkoutMissing: "We could not find this checkout: it may have expired. Choose a product below to start again.",
  noKey: "No publishable key: start the storefront with npm run demo, or build it with STOREFRONT_PUBLISHABLE_KEY set.",
  shop: "Shop",
  loadingProducts: "Loading products…",
  size: (size: string) => `Size ${size}`,
  adding: "Adding…",
  buy: (title: string) => `Buy ${title}`,
  checkout: "Checkout",
  bag: "Your bag",
  delivery: "Delivery",
  total: "Total",
  change: "Change",
  addressStep: "Contact and address",
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  address: "Address",
  postcode: "Postcode",
  city: "City",
  phone: "Phone",
  phoneHint: "The pickup point uses it to tell you when your parcel has arrived.",
  country: "Country: Italy",
  saving: "Saving…",
  toDelivery: "Continue to delivery",
  deliveryStep: "Delivery",
  loadingOptions: "Loading delivery options…",
  howToDeliver: "How should we deliver?",
  toPayment: "Continue to payment",
  choosePoint: "Choose a pickup point to continue.",
  chooseDelivery: "Choose how we deliver to continue.",
  paymentStep: "Payment",
  paymentMethod: "Payment method",
  manualPayment: "Manual payment (demo: nothing is charged)",
  manualPaymentShort: "Manual payment",
  toReview: "Continue to review",
  reviewStep: "Review",
  placing: "Placing your order…",
  placeOrder: "Place order",
  orderCancelled: (number: number) => `Order #${number} was cancelled.`,
  orderPlaced: (number: number) => `Thank you! Order #${number} is placed.`,
  placedFor: (email: string) => `Placed for ${email}.`,
  deliveredTo: "Delivered to",
  yourOrder: "Your order",
  continueShopping: "Continue shopping",
}

export type Texts = typeof ENGLISH

const ITALIAN: Texts = {
  locale: "it",
  priceLocale: "it-IT",
  picker: ITALIAN_PICKER_LABELS,
  summary: ITALIAN_SUMMARY_LABELS,
  storeName: "Negozio demo con punti di ritiro",
  tagline: "medusa-pickup-point · corriere di prova",
  otherLanguage: "English",
  otherLanguageCode: "en" as Language,
  loading: "Caricamento…",
  tryAgain: "Riprova",
  orderMissing: "Non troviamo questo ordine. Controlla il link che hai seguito, oppure fai un nuovo ordine qui sotto.",
  checkoutMissing: "Non troviamo questo checkout: potrebbe essere scaduto. Scegli un prodotto qui sotto per ricominciare.",
  noKey: "Nessuna chiave pubblicabile: avvia lo storefront con npm run demo, oppure compilalo con STOREFRONT_PUBLISHABLE_KEY.",
  shop: "Negozio",
  loadingProducts: "Caricamento dei prodotti…",
  size: (size: string) => `Taglia ${size}`,
  adding: "Aggiunta in corso…",
  buy: (title: string) => `Compra ${title}`,
  checkout: "Checkout",
  bag: "Il tuo carrello",
  delivery: "Consegna",
  total: "Totale",
  change: "Modifica",
  addressStep: "Contatti e indirizzo",
  email: "E-mail",
  firstName: "Nome",
  lastName: "Cognome",
  address: "Indirizzo",
  postcode: "CAP",
  city: "Città",
  phone: "Telefono",
  phoneHint: "Il punto di ritiro lo usa per avvisarti quando il pacco è arrivato.",
  country: "Paese: Italia",
  saving: "Salvataggio…",
  toDelivery: "Continua con la consegna",
  deliveryStep: "Consegna",
  loadingOptions: "Caricamento delle opzioni di consegna…",
  howToDeliver: "Come preferisci ricevere l'ordine?",
  toPayment: "Continua con il pagamento",
  choosePoint: "Scegli un punto di ritiro per continuare.",
  chooseDelivery: "Scegli una modalità di consegna per continuare.",
  paymentStep: "Pagamento",
  paymentMethod: "Metodo di pagamento",
  manualPayment: "Pagamento manuale (demo: non viene addebitato nulla)",
  manualPaymentShort: "Pagamento manuale",
  toReview: "Continua con il riepilogo",
  reviewStep: "Riepilogo",
  placing: "Invio dell'ordine…",
  placeOrder: "Conferma l'ordine",
  orderCancelled: (number: number) => `L'ordine n. ${number} è stato annullato.`,
  orderPlaced: (number: number) => `Grazie! L'ordine n. ${number} è confermato.`,
  placedFor: (email: string) => `Ordine effettuato da ${email}.`,
  deliveredTo: "Consegna a",
  yourOrder: "Il tuo ordine",
  continueShopping: "Continua gli acquisti",
}

const TEXTS: Record<Language, Texts> = { en: ENGLISH, it: ITALIAN }

/** Kept across reloads, as a store keeps the shopper's language; `?lang=it` in the address chooses it too. */
const STORAGE_KEY = "demo-storefront-language"

/** The address's `?lang`, else the language kept from a visit before, else the browser's own. */
function initialLanguage(): Language {
  const asked = new URLSearchParams(window.location.search).get("lang") ?? storedLanguage() ?? navigator.language.slice(0, 2)
  return asked === "it" ? "it" : "en"
}

/** The language kept from a visit before; none where the browser refuses the page its storage. */
function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

const LanguageContext = createContext<{ texts: Texts; setLanguage: (language: Language) => void }>({
  texts: ENGLISH,
  setLanguage: () => undefined,
})

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(initialLanguage)
  useEffect(() => {
    document.documentElement.lang = language
    document.title = TEXTS[language].storeName
    try {
      window.localStorage.setItem(STORAGE_KEY, language)
    } catch {
      // Storage refused: the language holds for this page only.
    }
    // An address that chose the language says the one chosen since, so that a reload keeps it.
    const url = new URL(window.location.href)
    if (url.searchParams.has("lang") && url.searchParams.get("lang") !== language) {
      url.searchParams.set("lang", language)
      window.history.replaceState(window.history.state, "", url)
    }
  }, [language])
  return <LanguageContext.Provider value={{ texts: TEXTS[language], setLanguage }}>{children}</LanguageContext.Provider>
}

export const useLanguage = () => useContext(LanguageContext)

/**
 * A refusal or failure in the page's language: the words for its stable code, else the store's own
 * message (Medusa's, for a field it refuses), which says more than a general apology would.
 */
export function shopperMessage(cause: unknown, texts: Texts): string {
  const error = shopperError(cause, texts.picker.errors?.other)
  return (error.code ? texts.picker.errors?.[error.code] : undefined) ?? error.message
}
