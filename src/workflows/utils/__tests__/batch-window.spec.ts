import DataLoader from "dataloader"
import { whenBatchSlotFree, windowOrFull } from "../batch-window"

describe("windowOrFull", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  /** A DataLoader scheduled by windowOrFull, and the batches it ran. */
  const loaderOf = (size: number) => {
    const start = windowOrFull(250, size)
    const batches: string[][] = []
    const loader = new DataLoader<string, string>(async (keys) => (batches.push([...keys]), [...keys]), {
      cache: false,
      maxBatchSize: size,
      batchScheduleFn: start.schedule,
    })
    const load = (key: string) => {
      const loaded = loader.load(key)
      start.added()
      return loaded
    }
    return { load, batches }
  }

  it("runs a batch that is not full once its window is over, with every key that came meanwhile", async () => {
    const { load, batches } = loaderOf(5)
    const loaded = [load("a"), load("b")]
    await jest.advanceTimersByTimeAsync(200)
    loaded.push(load("c"))
    expect(batches).toEqual([])
    await jest.advanceTimersByTimeAsync(50)
    expect(await Promise.all(loaded)).toEqual(["a", "b", "c"])
    expect(batches).toEqual([["a", "b", "c"]])
  })

  it("runs a full batch at once, once, and gives the next keys a batch and a window of their own", async () => {
    const { load, batches } = loaderOf(3)
    const first = ["a", "b", "c"].map(load)
    const next = load("d")
    expect(await Promise.all(first)).toEqual(["a", "b", "c"])
    expect(batches).toEqual([["a", "b", "c"]])
    await jest.advanceTimersByTimeAsync(249)
    expect(batches).toHaveLength(1)
    await jest.advanceTimersByTimeAsync(1)
    expect(await next).toBe("d")
    // The full batch's window went by too: it did not run again.
    await jest.advanceTimersByTimeAsync(1_000)
    expect(batches).toEqual([["a", "b", "c"], ["d"]])
  })
})

describe("whenBatchSlotFree", () => {
  it("starts a batch at once while a slot is free, and keeps the next open until the running one ends", async () => {
    const slots = whenBatchSlotFree(1)
    const batches: string[][] = []
    const ends: (() => void)[] = []
    const loader = new DataLoader<string, string>(
      async (keys) => {
        batches.push([...keys])
        await new Promise<void>((resolve) => ends.push(resolve))
        slots.ended()
        return [...keys]
      },
      { cache: false, batchScheduleFn: slots.schedule }
    )
    const afterIo = () => new Promise((resolve) => setImmediate(resolve))

    const first = loader.load("a")
    await afterIo()
    expect(batches).toEqual([["a"]])
    // While "a" runs, what arrives waits in one batch, however many turns it takes to arrive.
    const waiting = [loader.load("b")]
    await afterIo()
    waiting.push(loader.load("c"))
    await afterIo()
    expect(batches).toEqual([["a"]])

    ends[0]()
    expect(await first).toBe("a")
    await afterIo()
    expect(batches).toEqual([["a"], ["b", "c"]])
    ends[1]()
    expect(await Promise.all(waiting)).toEqual(["b", "c"])
  })
})
