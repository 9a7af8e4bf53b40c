import resources from "../../i18n"
import { STATUS_DESCRIPTIONS } from "../../../lib/shipment-orders/status-codes"
import { trackingStatusText } from "../tracking-status"
import { adminTranslator } from "./admin-translator"

async function shown(language: "en" | "it", code: string | null, description: string | null) {
  return trackingStatusText(code, description, await adminTranslator(language))
}

describe("a tracking status in the admin", () => {
  it("shows the plugin's own words for a known code in the admin's language (a pickup an admin recorded)", async () => {
    expect(await shown("it", "ST_0007", "Picked up by the customer")).toBe("Ritirato dal cliente")
    expect(await shown("it", "ST0006", null)).toBe("Pronto per il ritiro")
    expect(await shown("en", "ST_0007", "Picked up by the customer")).toBe("Picked up by the customer")
  })

  it("keeps a carrier's own description, and an unknown code, as they are", async () => {
    expect(await shown("it", "ST_0005", "Arrivato al locker 12")).toBe("Arrivato al locker 12")
    expect(await shown("it", "ST_0042", "Customs hold")).toBe("Customs hold")
    expect(await shown("it", "ST_0042", null)).toBe("ST_0042")
  })

  it("has the English key text equal to the words the plugin stores", () => {
    const english = resources.en.translation.pickupPoint.trackingStatus as Record<string, string>
    expect(english).toEqual(STATUS_DESCRIPTIONS)
  })
})
