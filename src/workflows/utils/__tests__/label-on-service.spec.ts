import { isOutcomeUnknown, ShipmentOrdersProtocolError, type GenerateLabelResult } from "../../../lib/shipment-orders"
import { labelFromAnswer } from "../label-on-service"

const pdf = Buffer.from("%PDF-1.7\n")
const labelled: GenerateLabelResult = { kind: "label", message: "Label generated", trackingNumber: "PP1234567890IT", pdf, info: {} as never }
const noLabel: GenerateLabelResult = { kind: "confirmed", message: "Shipment confirmed", info: null }

describe("what a generateLabel answer made", () => {
  it("takes a DELIVERY label with its tracking number, and a STORAGE confirmation", () => {
    expect(labelFromAnswer(labelled, "DELIVERY")).toEqual({ kind: "label", pdf, trackingNumber: "PP1234567890IT" })
    expect(labelFromAnswer(noLabel, "STORAGE")).toEqual({ kind: "confirmed", trackingNumber: null })
  })

  it("never records a DELIVERY answer without its label as a confirmation: the label is looked for on the service", () => {
    let thrown: unknown
    try {
      labelFromAnswer(noLabel, "DELIVERY")
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ShipmentOrdersProtocolError)
    expect((thrown as Error).message).toBe(
      "The Shipment Orders Service sent an unreadable generateLabel response: the answer to a DELIVERY merchant carries no label " +
        "(if the carrier's account is a STORAGE merchant's, set the merchantType option to STORAGE)"
    )
    // So the step asks the service whether it made the label (status, then downloadLabel) before it fails.
    expect(isOutcomeUnknown(thrown)).toBe(true)
  })
})
