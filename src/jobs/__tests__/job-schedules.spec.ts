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

  it.each([
    ["sync-tracking", "PICKUP_POINT_SYNC_SCHEDULE", "*/10 * * * *", "sync-tracking"],
    ["advance-pending-shipments", "PICKUP_POINT_RETRY_SCHEDULE", "* * * * *", "advance-due-shipments"],
    ["send-owed-verification-codes", "PICKUP_POINT_OWED_CODES_SCHEDULE", "*/10 * * * *", "send-owed-verification-codes"],
  ])("%s runs on its default cadence unless %s sets another", async (file, variable, cadence, workflow) => {
    const scheduleWith = async (value: string | undefined) => {
      const saved = process.env[variable]
      if (value === undefined) delete process.env[variable]
      else process.env[variable] = value
      try {
        let schedule: unknown
        await jest.isolateModulesAsync(async () => {
          // Only the config is read: the job's workflows would load Medusa's core flows a second time, and
          // their workflows clash with the first copy's in Medusa's registry. The owed-codes job reaches the
          // code send's workflow through its helper too.
          for (const loaded of [workflow, "send-verification-code"]) jest.doMock(path.join(jobsDir, "../workflows", loaded), () => ({}))
          schedule = ((await import(path.join(jobsDir, file))) as { config: { schedule: unknown } }).config.schedule
        })
        return schedule
      } finally {
        if (saved === undefined) delete process.env[variable]
        else process.env[variable] = saved
      }
    }
    expect(await scheduleWith(undefined)).toBe(cadence)
    expect(await scheduleWith("*/30 * * * * *")).toBe("*/30 * * * * *")
  })
})
