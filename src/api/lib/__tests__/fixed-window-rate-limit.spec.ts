import { FixedWindowRateLimit } from "../fixed-window-rate-limit"

describe("FixedWindowRateLimit", () => {
  it("allows max requests per window, then refuses with the seconds left, per client", () => {
    const limit = new FixedWindowRateLimit(3, 60_000)
    const t0 = 1_000_000
    expect([0, 1, 2].map((i) => limit.take("a", t0 + i).allowed)).toEqual([true, true, true])
    expect(limit.take("a", t0 + 10_500)).toEqual({ allowed: false, retryAfterSeconds: 50 })
    expect(limit.take("a", t0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    // Another client has its own window.
    expect(limit.take("b", t0 + 10_500)).toEqual({ allowed: true })
    // A new window once the old one is over.
    expect(limit.take("a", t0 + 60_000)).toEqual({ allowed: true })
  })

  it("refused requests do not extend the window", () => {
    const limit = new FixedWindowRateLimit(1, 1_000)
    expect(limit.take("a", 0).allowed).toBe(true)
    for (let t = 100; t < 1_000; t += 100) expect(limit.take("a", t).allowed).toBe(false)
    expect(limit.take("a", 1_000).allowed).toBe(true)
  })

  it("keeps at most maxClients windows, dropping expired ones first, then the oldest", () => {
    const limit = new FixedWindowRateLimit(1, 1_000, 3)
    limit.take("a", 0)
    limit.take("b", 500)
    limit.take("c", 900)
    // a's window is over at 1,200: it is dropped to make room.
    limit.take("d", 1_200)
    expect(limit.size).toBe(3)
    expect(limit.take("b", 1_300).allowed).toBe(false)
    // None expired at 1,300: the oldest (b) goes.
    limit.take("e", 1_300)
    expect(limit.size).toBe(3)
    expect(limit.take("c", 1_350).allowed).toBe(false)
  })
})
