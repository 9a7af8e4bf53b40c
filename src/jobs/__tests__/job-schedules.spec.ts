import { readdirSync } from "node:fs"
import path from "node:path"
import { config as startUpSweep } from "../sweep-unrecorded-orders-at-start"

/**
 * Medusa 2.21's job loader (framework/dist/jobs/job-loader.js) passes an object schedule on as it is,
 * and reads `numberOfExecutions` beside the schedule only for a cron string: a job limited the other
 * way would run for ever.
 */
const jobsDir = path.join(__dirname, "..")
const jobFiles = readdirSync(jobsDir).filter((file) => file.endsWith(".ts"))

describe("scheduled jobs", () => {
  it.each(jobFiles)("%s states its number of runs where Medusa reads it", async (file) => {
    const { config } = (await import(path.join(jobsDir, file))) as { config: { schedule: unknown; numberOfExecutions?: number } }
    if (typeof config.schedule === "object") {
      expect(config).not.toHaveProperty("numberOfExecutions")
    }
  })

  it("runs the start-up sweep once", () => {
    expect(startUpSweep.schedule).toEqual({ interval: 15_000, numberOfExecutions: 1 })
  })
})
