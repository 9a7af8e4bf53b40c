import english from "../../../../admin/i18n/json/en.json"
import italian from "../../../../admin/i18n/json/it.json"
import {
  cancelledOnServiceMessage,
  cancelRequestedMessage,
  continuedAsShipmentMessage,
  describeHistoryMessage,
  HISTORY_MESSAGE_KEYS,
  HISTORY_MESSAGES,
  pickupPointChangedMessage,
  pickupPointChangedToMessage,
  shippedAgainMessage,
} from "../history-messages"

/** What i18next makes of a translation and its parts. */
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name])

describe("describeHistoryMessage", () => {
  // Written as the plugin writes them, including the line an archived shipment gets on a change of point.
  const lines = [
    ...Object.values(HISTORY_MESSAGES),
    cancelRequestedMessage(HISTORY_MESSAGES.cancelLost),
    cancelRequestedMessage("Customer changed their mind. Call them?"),
    pickupPointChangedMessage("PP-MI-001", "PP-MI-002"),
    pickupPointChangedMessage("PP-MI-001", "PP-MI-002", "Closer to work."),
    continuedAsShipmentMessage(pickupPointChangedMessage("PP-MI-001", "PP-MI-002"), "pushp_01"),
    continuedAsShipmentMessage(pickupPointChangedMessage("PP-MI-001", "PP-MI-002", "Line one.\nLine two. {{shipment}}"), "pushp_01"),
    cancelledOnServiceMessage(HISTORY_MESSAGES.cancelled, "SO123"),
    cancelledOnServiceMessage("Customer changed their mind: call them", "SO124"),
    pickupPointChangedToMessage("PP-MI-002"),
    pickupPointChangedToMessage("PP-MI-002", "Closer to work: ring twice"),
    cancelledOnServiceMessage(pickupPointChangedToMessage("PP-MI-002"), "SO125"),
    shippedAgainMessage("PP-MI-001"),
    shippedAgainMessage("PP-MI-001", "Cancelled by mistake."),
    continuedAsShipmentMessage(shippedAgainMessage("PP-MI-001"), "pushp_02"),
    continuedAsShipmentMessage(shippedAgainMessage("PP-MI-001", "Undo."), "pushp_02"),
  ]

  it("knows every line the plugin writes, and its English translation gives the line back", () => {
    for (const line of lines) {
      const described = describeHistoryMessage(line)
      expect([line, described && fill(english.pickupPoint.history[described.key], described.params)]).toEqual([line, line])
    }
  })

  it("has an Italian translation for every key, with the same parts", () => {
    const parts = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
    for (const key of HISTORY_MESSAGE_KEYS) {
      expect([key, parts(italian.pickupPoint.history[key])]).toEqual([key, parts(english.pickupPoint.history[key])])
    }
    expect(Object.keys(english.pickupPoint.history).sort()).toEqual([...HISTORY_MESSAGE_KEYS].sort())
    expect(Object.keys(italian.pickupPoint.history).sort()).toEqual([...HISTORY_MESSAGE_KEYS].sort())
  })

  it("names the parts that are fixed lines themselves, for the admin to translate them too", () => {
    expect(describeHistoryMessage(cancelRequestedMessage(HISTORY_MESSAGES.cancelLost))).toEqual({
      key: "cancelRequested",
      params: { why: HISTORY_MESSAGES.cancelLost },
      param_keys: { why: "cancelLost" },
    })
    expect(describeHistoryMessage(cancelledOnServiceMessage(HISTORY_MESSAGES.cancelled, "SO1"))).toMatchObject({
      key: "cancelledOnService",
      param_keys: { notes: "cancelled" },
    })
    // An admin's note is not a fixed line: shown as written, inside the translated line.
    expect(describeHistoryMessage(cancelledOnServiceMessage("Customer changed their mind: call them", "SO1"))).toEqual({
      key: "cancelledOnService",
      params: { notes: "Customer changed their mind: call them", reference: "SO1" },
    })
  })

  it("reads a carrier-reported cancel after a change of point as that, not as a change with a note", () => {
    expect(describeHistoryMessage(cancelledOnServiceMessage(pickupPointChangedToMessage("PP-MI-002"), "SO1"))).toMatchObject({
      key: "cancelledOnService",
      params: { notes: "Pickup point changed to PP-MI-002", reference: "SO1" },
    })
    expect(describeHistoryMessage(pickupPointChangedToMessage("PP-MI-002", "a: b"))).toEqual({ key: "pickupPointChangedToNote", params: { to: "PP-MI-002", note: "a: b" } })
  })

  it("leaves any other line as written", () => {
    expect(describeHistoryMessage("The Shipment Orders Service could not be reached (ECONNRESET) on create.")).toBeNull()
    expect(describeHistoryMessage(null)).toBeNull()
  })
})
