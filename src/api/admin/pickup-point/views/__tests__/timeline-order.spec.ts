import { newestFirst, reportOrderTime } from "../timeline-order"

describe("reportOrderTime", () => {
  const at = (iso: string) => new Date(iso).getTime()

  it("places a report named to the minute when it was recorded, within that minute", () => {
    expect(reportOrderTime("2026-11-25T13:09:00.000Z", "2026-11-25T13:09:24.512Z")).toBe(at("2026-11-25T13:09:24.512Z"))
  })

  it("never moves a report past its own minute, however late it was recorded", () => {
    expect(reportOrderTime("2026-11-25T13:09:00.000Z", "2026-11-25T13:19:03.000Z")).toBe(at("2026-11-25T13:09:59.999Z"))
  })

  it("never places a report before the time the carrier names (a clock that runs behind)", () => {
    expect(reportOrderTime("2026-11-25T13:09:00.000Z", "2026-11-25T13:08:58.000Z")).toBe(at("2026-11-25T13:09:00.000Z"))
  })

  it("keeps a time given to the second as it is", () => {
    expect(reportOrderTime("2026-11-25T13:09:07.000Z", "2026-11-25T13:09:30.000Z")).toBe(at("2026-11-25T13:09:07.000Z"))
  })
})

describe("newestFirst", () => {
  it("puts a minute-precision report recorded after a label above it", () => {
    const label = { entry: "label made 13:09:12", orderTime: Date.parse("2026-11-25T13:09:12.000Z") }
    const ready = { entry: "ready 13:09", orderTime: reportOrderTime("2026-11-25T13:09:00.000Z", "2026-11-25T13:09:24.000Z") }
    expect(newestFirst([label, ready])).toEqual(["ready 13:09", "label made 13:09:12"])
  })

  it("keeps the given order for equal times", () => {
    expect(newestFirst([{ entry: "a", orderTime: 1 }, { entry: "b", orderTime: 1 }, { entry: "c", orderTime: 2 }])).toEqual(["c", "a", "b"])
  })
})
