import { WEBHOOK_RESULTS } from "../../../modules/pickup-point/lib/webhook-results"
import { webhookResultLine } from "../webhook-result-line"
import { adminTranslator } from "./admin-translator"

describe("a webhook delivery's result on the Health page", () => {
  it("is shown in the admin's language, its stage by name", async () => {
    const it = await adminTranslator("it")
    const en = await adminTranslator("en")
    expect(webhookResultLine(WEBHOOK_RESULTS.applied("shipped"), it)).toBe("Passata a: Spedita")
    expect(webhookResultLine(WEBHOOK_RESULTS.applied("ready_for_pickup"), en)).toBe("Moved to: Ready for pickup")
    expect(webhookResultLine(WEBHOOK_RESULTS.unknownOrder, it)).toBe("Nessuna spedizione ha questo codice di riferimento dell'ordine")
    expect(webhookResultLine(WEBHOOK_RESULTS.unchanged, en)).toBe(WEBHOOK_RESULTS.unchanged)
  })

  it("has a translation for every fixed result", async () => {
    const it = await adminTranslator("it")
    for (const result of [WEBHOOK_RESULTS.unchanged, WEBHOOK_RESULTS.unknownOrder, WEBHOOK_RESULTS.failed, WEBHOOK_RESULTS.unreadableStopped]) {
      expect(webhookResultLine(result, it)).not.toBe(result)
    }
  })

  it("keeps what was wrong with a body as written, and says nothing for no result", async () => {
    const it = await adminTranslator("it")
    expect(webhookResultLine("statusCode: Required", it)).toBe("statusCode: Required")
    expect(webhookResultLine(null, it)).toBe("")
  })
})
