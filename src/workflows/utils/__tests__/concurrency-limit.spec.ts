import { concurrencyLimit } from "../concurrency-limit"

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe("concurrencyLimit", () => {
  it("runs at most `limit` tasks at once, every task once, in the order they came", async () => {
    const limit = concurrencyLimit(3)
    let running = 0
    let peak = 0
    const started: number[] = []
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          started.push(i)
          peak = Math.max(peak, ++running)
          await tick()
          running--
          return i * 2
        })
      )
    )
    expect(peak).toBe(3)
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
  })

  it("gives a failed task's place to the next one and passes the failure on", async () => {
    const limit = concurrencyLimit(1)
    const failed = limit(async () => {
      throw new Error("boom")
    })
    const next = limit(async () => "ran")
    await expect(failed).rejects.toThrow("boom")
    await expect(next).resolves.toBe("ran")
  })
})
