import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { importPickupPointsWorkflow } from "../../../../workflows/pickup-point-catalog"
import type { AdminImportPickupPointsType } from "../../../validators"

/**
 * Imports a CSV of pickup points (header row with the field names of
 * `POST /admin/pickup-points`); answers what became of each row.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminImportPickupPointsType>, res: MedusaResponse) {
  const { result } = await importPickupPointsWorkflow(req.scope).run({ input: { csv: req.validatedBody.csv } })
  res.json(result)
}
