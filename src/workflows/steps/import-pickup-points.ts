import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PICKUP_POINT_MODULE } from "../../modules/pickup-point"
import { readPickupPointCsv, type ReadPickupPointCsv } from "../../modules/pickup-point/lib/pickup-point-csv"
import type PickupPointModuleService from "../../modules/pickup-point/service"
import type { ImportRowResult } from "../../modules/pickup-point/types"

export const importPickupPointsStepId = "pickup-point-import-pickup-points"

/** Points written per transaction: a batch is imported whole or not at all (then row by row). */
const IMPORT_BATCH = 500

/**
 * Creates or updates (by code) the points of a CSV file and answers what
 * became of each row: a bad row is rejected with its reason and never
 * stops the others; also the codes of the points it created, activated or
 * deactivated (`activity_changed`).
 * Compensation: the points it activated or deactivated are set back. Their
 * published options follow the change in a later step, and only a change
 * is followed (an option an admin hid stays hidden): set back, the same
 * file imported again after the failure changes them again, and their
 * options follow. The rest it wrote stays; importing the file again
 * writes it the same.
 */
export const importPickupPointsStep = createStep(importPickupPointsStepId, async (input: { csv: string }, { container }) => {
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  let read: ReturnType<typeof readPickupPointCsv>
  try {
    read = readPickupPointCsv(input.csv)
  } catch (error) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `The CSV cannot be read: ${(error as Error).message}`)
  }
  /**
   * Writes a batch in one transaction. If the database refuses it, nothing
   * of it was written: it is written again row by row, so that only the row
   * the database refuses is rejected (with the database's error code, never
   * its message, which quotes the statement and its values) and the rest is
   * imported, as the file's other rows are.
   */
  const activityChanged: string[] = []
  // What a point activated or deactivated (not created) was before, to set it back on compensation.
  const activityBefore: { code: string; is_active: boolean }[] = []
  const importBatch = async (batch: ReadPickupPointCsv["valid"]): Promise<ImportRowResult[]> => {
    try {
      const { created, activity_changed } = await pickupPoints.upsertPickupPointsByCode(batch.map((entry) => entry.input))
      activityChanged.push(...activity_changed)
      const isNew = new Set(created)
      const changed = new Set(activity_changed.filter((code) => !isNew.has(code)))
      for (const { input } of batch) if (changed.has(input.code)) activityBefore.push({ code: input.code, is_active: !input.is_active })
      return batch.map((entry) => ({ line: entry.line, code: entry.input.code, result: isNew.has(entry.input.code) ? "created" : "updated" }))
    } catch (error) {
      if (batch.length > 1) {
        const rows: ImportRowResult[] = []
        for (const entry of batch) rows.push(...(await importBatch([entry])))
        return rows
      }
      const code = (error as { code?: unknown })?.code
      const reason = `the database refused this row${typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? ` (error ${code})` : ""}`
      return [{ line: batch[0].line, code: batch[0].input.code, result: "rejected", reason, problems: [{ field: null, kind: "database" }] }]
    }
  }
  const rows: ImportRowResult[] = [...read.rejected]
  for (let start = 0; start < read.valid.length; start += IMPORT_BATCH) {
    rows.push(...(await importBatch(read.valid.slice(start, start + IMPORT_BATCH))))
  }
  rows.sort((a, b) => a.line - b.line)
  const count = (result: ImportRowResult["result"]) => rows.filter((row) => row.result === result).length
  return new StepResponse(
    { created: count("created"), updated: count("updated"), rejected: count("rejected"), rows, activity_changed: activityChanged },
    activityBefore
  )
}, async (activityBefore, { container }) => {
  if (!activityBefore?.length) return
  const pickupPoints: PickupPointModuleService = container.resolve(PICKUP_POINT_MODULE)
  const points = await pickupPoints.listPickupPoints({ code: activityBefore.map((entry) => entry.code) }, { select: ["id", "code"] })
  const idOf = new Map(points.map((point) => [point.code, point.id]))
  await pickupPoints.updatePickupPoints(activityBefore.flatMap(({ code, is_active }) => (idOf.has(code) ? [{ id: idOf.get(code)!, is_active }] : [])))
})
