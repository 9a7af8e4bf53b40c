import type { PickupPointPickerLabels } from "./picker-logic"
import type { PickupPointSummaryLabels } from "./PickupPointSummary"

/**
 * The picker's words in Italian, for shoppers of the Italian stores the
 * carrier serves: pass them as `labels` with `locale="it"` (weekdays and
 * distances), or spread them under the store's own changes. Every refusal
 * code has its words, so no English message reaches an Italian checkout.
 */
export const ITALIAN_PICKER_LABELS: PickupPointPickerLabels = {
  searchLabel: "Cerca un punto di ritiro per CAP, città o indirizzo",
  searchPlaceholder: "es. 20121 o Milano",
  searchButton: "Cerca",
  useMyLocation: "Usa la mia posizione",
  locating: "Ricerca della tua posizione…",
  listLabel: "Punti di ritiro",
  searching: "Ricerca in corso…",
  resultsOne: "1 punto di ritiro trovato.",
  resultsMany: "{count} punti di ritiro trovati.",
  resultsPartial: "Mostrati {shown} su {count} punti di ritiro trovati. Cerca per CAP o indirizzo per restringere la ricerca.",
  noResults: "Nessun punto di ritiro trovato. Prova con un altro CAP o un'altra città.",
  nearbyPostcodes: "Nessun punto di ritiro al CAP {postcode}. Ecco quelli vicini, con CAP che inizia per {prefix}.",
  noPointsInCountry: "Non ci sono punti di ritiro nel Paese di spedizione ({country}). Scegli un'altra modalità di consegna.",
  typeToSearch: "Scrivi un CAP, una città o un indirizzo per cercare.",
  lastPoint: "Il tuo ultimo punto di ritiro.",
  chosenListedFirst: "Il punto di ritiro che hai scelto è in cima alla lista.",
  lastListedFirst: "Il tuo ultimo punto di ritiro è in cima alla lista.",
  chosenPoint: "Il punto di ritiro che hai scelto.",
  chosenCode: "Il tuo punto di ritiro: {code}",
  chosenName: "Il tuo punto di ritiro: {name}",
  chosen: "Scelto",
  codeRequired: "Codice richiesto al ritiro",
  codeRequiredHint: "Riceverai un codice via e-mail: mostralo quando ritiri il pacco.",
  openingHours: "Orari di apertura",
  closed: "Chiuso",
  today: "Oggi",
  closedToday: "Oggi chiuso",
  opensOn: "apre {day} alle {time}",
  away: "di distanza",
  locationDenied: "Il browser non ha condiviso la tua posizione. Cerca invece per CAP o città.",
  locationUnavailable: "La tua posizione non è disponibile. Cerca invece per CAP o città.",
  choosing: "Salvataggio del punto di ritiro…",
  chosenAnnouncement: "{name} scelto come punto di ritiro.",
  errors: {
    pickup_point_required: "Scegli un punto di ritiro per questa consegna.",
    pickup_point_unavailable: "Questo punto di ritiro non è più disponibile. Scegline un altro.",
    phone_required: "Aggiungi un numero di telefono all'indirizzo di spedizione: il punto di ritiro lo usa per avvisarti quando il pacco è arrivato.",
    email_required: "Aggiungi il tuo indirizzo e-mail: lo useremo per inviarti le informazioni per il ritiro del pacco.",
    one_pickup_point_delivery:
      "Un ordine può andare a un solo punto di ritiro. Scegli un'altra consegna per gli altri articoli, oppure ordinali separatamente.",
    pickup_point_wrong_country:
      "Questo punto di ritiro è in un Paese diverso da quello dell'indirizzo di spedizione. Scegli un punto di ritiro nel Paese di spedizione.",
    pickup_point_mismatch: "Questa opzione di consegna è per un altro punto di ritiro. Scegli l'opzione del punto che vuoi.",
    order_not_found: "Non troviamo questo ordine. Controlla il link, oppure cerca l'ordine nel tuo account.",
    too_many_requests: "Troppe ricerche in poco tempo. Attendi un momento e riprova.",
    network_error: "Non riusciamo a raggiungere il negozio. Controlla la connessione e riprova.",
    unexpected_error: "Qualcosa non ha funzionato da parte nostra. Riprova tra un momento.",
    other: "Qualcosa non ha funzionato da parte nostra. Riprova tra un momento.",
  },
}

/** The summary's words in Italian (with `locale="it"` for the weekdays), the shipment's stages among them. */
export const ITALIAN_SUMMARY_LABELS: PickupPointSummaryLabels = {
  heading: "Ritira il tuo ordine presso",
  collectedHeading: "Ritirato presso",
  notComingHeading: "Non arriverà a questo punto di ritiro",
  returnedHeading: "Non è più a questo punto di ritiro",
  pointCode: "Punto di ritiro {code}",
  openingHours: "Orari di apertura",
  closed: "Chiuso",
  codeRequired: "Codice richiesto al ritiro",
  codeRequiredHint: "Riceverai un codice via e-mail: mostralo quando ritiri il pacco.",
  codeSentHint: "Il codice ti è stato inviato via e-mail: mostralo quando ritiri il pacco.",
  status: "Stato",
  trackingNumber: "Numero di tracciamento",
  trackParcel: "Segui il pacco",
  stages: {
    registered: "Ordine ricevuto dal corriere",
    label: "In preparazione per la spedizione",
    shipped: "In viaggio verso il punto di ritiro",
    at_pickup_point: "Arrivato al punto di ritiro",
    ready_for_pickup: "Pronto per il ritiro",
    delivered: "Ritirato",
    cancelled: "Spedizione annullata",
    returned: "Restituito al mittente",
  },
}
