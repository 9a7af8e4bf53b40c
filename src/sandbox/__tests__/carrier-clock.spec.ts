import { carrierClock } from "../carrier-clock"

describe("the sandbox carrier's clock", () => {
  const rome = carrierClock()

  it("writes an instant as Rome's wall clock by default, whatever the machine's zone, summer and winter", () => {
    expect(rome.write(new Date("2026-07-01T10:30:00Z"))).toEqual({ date: "01/07/2026", time: "12:30" })
    expect(rome.write(new Date("2026-01-15T23:30:00Z"))).toEqual({ date: "16/01/2026", time: "00:30" })
  })

  it("reads a reported date and time back as the same instant, around a change of offset too", () => {
    expect(rome.read("01/07/2026", "12:30").toISOString()).toBe("2026-07-01T10:30:00.000Z")
    expect(rome.read("16/01/2026").toISOString()).toBe("2026-01-15T23:00:00.000Z")
    // Rome moves to summer time at 02:00 on 29 March 2026: 01:59 is still winter, 03:00 summer.
    expect(rome.read("29/03/2026", "01:59").toISOString()).toBe("2026-03-29T00:59:00.000Z")
    expect(rome.read("29/03/2026", "03:00").toISOString()).toBe("2026-03-29T01:00:00.000Z")
  })

  it("keeps another zone when told", () => {
    const newYork = carrierClock("America/New_York")
    expect(newYork.write(new Date("2026-07-01T10:30:00Z"))).toEqual({ date: "01/07/2026", time: "06:30" })
    expect(newYork.read("01/07/2026", "06:30").toISOString()).toBe("2026-07-01T10:30:00.000Z")
    expect(() => carrierClock("Mars/Olympus")).toThrow(RangeError)
  })
})
