import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { readPickupPointCsv } from "../../modules/pickup-point/lib/pickup-point-csv"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ImportRowResult } from "../../modules/pickup-point/types"

export const importPickupPointsStepId = "pickup-point-import-pickup-points"

/** Points written per transaction: a batch is imported whole or not at all. */
const IMPORT_BATCH = 500

/**
 * Creates or updates (by code) the points of a CSV file and answers what
 * became of each row. No compensation: each row's result is final and
 * reported, and importing the same file again changes nothing.
 */
export const importPickupPointsStep = createStep(importPickupPointsStepId, async (input: { csv: string }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  let read: ReturnType<typeof readPickupPointCsv>
  try {
    read = readPickupPointCsv(input.csv)
  } catch (error) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `The CSV cannot be read: ${(error as Error).message}`)
  }
  const rows: ImportRowResult[] = [...read.rejected]
  for (let start = 0; start < read.valid.length; start += IMPORT_BATCH) {
    const batch = read.valid.slice(start, start + IMPORT_BATCH)
    const { created } = await pickupPoints.upsertPickupPointsByCode(batch.map((entry) => entry.input))
    const isNew = new Set(created)
    rows.push(...batch.map((entry) => ({ line: entry.line, code: entry.input.code, result: isNew.has(entry.input.code) ? ("created" as const) : ("updated" as const) })))
  }
  rows.sort((a, b) => a.line - b.line)
  const count = (result: ImportRowResult["result"]) => rows.filter((row) => row.result === result).length
  return new StepResponse({ created: count("created"), updated: count("updated"), rejected: count("rejected"), rows })
})
