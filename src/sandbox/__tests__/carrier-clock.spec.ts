import { carrierDateTime, carrierInstant } from "../carrier-clock"

describe("the sandbox carrier's clock", () => {
  it("writes an instant as Rome's wall clock, whatever the machine's zone, summer and winter", () => {
    expect(carrierDateTime(new Date("2026-07-01T10:30:00Z"))).toEqual({ date: "01/07/2026", time: "12:30" })
    expect(carrierDateTime(new Date("2026-01-15T23:30:00Z"))).toEqual({ date: "16/01/2026", time: "00:30" })
  })

  it("reads a reported date and time back as the same instant", () => {
    expect(carrierInstant("01/07/2026", "12:30").toISOString()).toBe("2026-07-01T10:30:00.000Z")
    expect(carrierInstant("16/01/2026").toISOString()).toBe("2026-01-15T23:00:00.000Z")
  })
})
