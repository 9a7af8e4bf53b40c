import {
  cancelledOnServiceMessage,
  cancelRequestedMessage,
  describeHistoryMessage,
  HISTORY_MESSAGES,
} from "../../../modules/pickup-point/lib/history-messages"
import { historyLine } from "../history-line"
import { adminTranslator } from "./admin-translator"

/** The line as the order page shows it in a language, through i18next and the admin's own translations. */
async function shown(language: "en" | "it", message: string) {
  return historyLine(describeHistoryMessage(message), message, await adminTranslator(language))
}

describe("a history line on the order page", () => {
  it("is shown in Italian with its fixed parts translated too", async () => {
    expect(await shown("it", cancelRequestedMessage(HISTORY_MESSAGES.cancelLost))).toBe(
      "Annullamento richiesto, lo eseguirà il job dei tentativi: Il suo ordine è stato annullato e l'annullamento non è mai arrivato al plugin (il suo evento order.canceled è andato perso)"
    )
    expect(await shown("it", cancelledOnServiceMessage(HISTORY_MESSAGES.cancelled, "SO1"))).toBe(
      "Annullato: il corriere indica l'ordine di spedizione SO1 come annullato"
    )
    // The line an order's cancel writes when the carrier had cancelled already.
    expect(await shown("it", cancelledOnServiceMessage(HISTORY_MESSAGES.orderCancelled, "SO3"))).toBe(
      "Ordine annullato: il corriere indica l'ordine di spedizione SO3 come annullato"
    )
    expect(await shown("it", HISTORY_MESSAGES.orderCancelledBeforeCreation)).toBe("Ordine annullato prima che fosse creato il suo ordine di spedizione")
  })

  it("keeps an admin's note and a carrier's words as written, placeholders included", async () => {
    expect(await shown("it", cancelledOnServiceMessage("Cliente: chiamare {{reference}}", "SO2"))).toBe(
      "Cliente: chiamare {{reference}}: il corriere indica l'ordine di spedizione SO2 come annullato"
    )
    expect(await shown("it", cancelRequestedMessage("The service refused: order closed"))).toBe(
      "Annullamento richiesto, lo eseguirà il job dei tentativi: The service refused: order closed"
    )
    expect(await shown("it", "The Shipment Orders Service could not be reached (ECONNRESET) on create.")).toBe(
      "The Shipment Orders Service could not be reached (ECONNRESET) on create."
    )
  })

  it("reads in English as it was written", async () => {
    const line = cancelRequestedMessage(HISTORY_MESSAGES.cancelLost)
    expect(await shown("en", line)).toBe(line)
  })
})
