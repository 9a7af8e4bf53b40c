import { serviceCallOutcomeColor } from "../service-call-outcome"

describe("serviceCallOutcomeColor", () => {
  it("shows a look-up that finds no order as an ordinary answer", () => {
    expect(serviceCallOutcomeColor({ operation: "getIdentifier", outcome: "not_found" })).toBe("grey")
  })

  it("warns of what else the service refused or could not find, and alarms on faults", () => {
    expect(serviceCallOutcomeColor({ operation: "getIdentifier", outcome: "ok" })).toBe("green")
    expect(serviceCallOutcomeColor({ operation: "downloadLabel", outcome: "not_found" })).toBe("orange")
    expect(serviceCallOutcomeColor({ operation: "create", outcome: "refused" })).toBe("orange")
    expect(serviceCallOutcomeColor({ operation: "getIdentifier", outcome: "unauthorized" })).toBe("red")
    expect(serviceCallOutcomeColor({ operation: "status", outcome: "timeout" })).toBe("red")
  })
})
