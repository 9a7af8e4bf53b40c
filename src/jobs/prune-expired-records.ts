import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneExpiredRecordsWorkflow } from "../workflows/prune-expired-records"

/** Once a day: records past the retention the plugin options set are deleted (counts only in the log). */
export default async function pruneExpiredRecords(container: MedusaContainer) {
  const { result } = await pruneExpiredRecordsWorkflow(container).run({ input: {} })
  if (Object.values(result).some(Boolean)) {
    container.resolve("logger").info(`[pickup-point] retention: deleted ${JSON.stringify(result)}`)
  }
}

export const config = {
  name: "pickup-point-prune-expired-records",
  schedule: "40 3 * * *",
}
