import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { PDFDocument } from "pdf-lib"
import { PICKUP_POINT_MODULE } from "../../../../modules/pickup-point"
import type PickupPointModuleService from "../../../../modules/pickup-point/service"
import type { AdminPrintLabelsType } from "../../../validators"
import { safeErrorMessage } from "../../../../workflows/utils/to-medusa-error"
import { headerList, inlineDisposition } from "../../../lib/content-disposition"
import { isWithCarrier } from "../../../../modules/pickup-point/lib/statuses"
import { EncryptedLabelError, isLabelVoid, LABEL_CACHE_CONTROL, openLabelPdf, readLabelPdf } from "../label-pdf"

/**
 * The stored labels of the chosen shipments as ONE PDF, in the order asked,
 * one page per label page. Shipments without a label, whose label is void
 * (its shipment order cancelled: isLabelVoid), or whose parcel the carrier
 * has already (isWithCarrier), are left out and named in
 * `X-Pickup-Point-Skipped`, those whose stored label cannot be read (and
 * that the carrier would not give again) in `X-Pickup-Point-Unreadable`, and
 * those the carrier encrypted in `X-Pickup-Point-Encrypted` (so the admin can
 * say why per shipment); every other shipment asked is in the PDF, in the
 * order asked, and `X-Pickup-Point-Count` says how many. Only the left-out
 * are named: a list of the 100 printed would be some 3.3 KB of response
 * headers, which with Medusa's own come near a reverse proxy's default
 * buffer for them (nginx's 4 KB, past which a 502).
 * If none has a label, or none could be read, nothing is printed (400).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminPrintLabelsType>, res: MedusaResponse) {
  const pickupPoints: PickupPointModuleService = req.scope.resolve(PICKUP_POINT_MODULE)
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  // A shipment chosen twice is printed once: two copies of one label are an easy way to mislabel a parcel.
  const ids = [...new Set(req.validatedBody.shipment_ids)]
  const shipments = await pickupPoints.listPickupPointShipments({ id: ids }, { take: ids.length })
  const byId = new Map(shipments.map((shipment) => [shipment.id, shipment]))
  // A void label (its shipment order cancelled) is not printed: its parcel must not be sent. Nor, in bulk, the label of
  // a parcel the carrier has already: printed among the day's labels, it would go on a second parcel.
  const isVoid = (id: string) => isLabelVoid(byId.get(id), pickupPoints)
  const withCarrier = (id: string) => isWithCarrier(byId.get(id) ?? {})
  const printable = (id: string) => !!byId.get(id)?.label_file_id && !isVoid(id) && !withCarrier(id)
  const labelled = ids.filter(printable).map((id) => byId.get(id))
  const skipped = ids.filter((id) => !printable(id))
  if (!labelled.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, nothingPrintable(ids, isVoid, withCarrier))
  }

  // The labels in one query; merged one after the other, each label's text let go once merged.
  const stored = await pickupPoints.retrieveLabelPdfs(labelled.map((shipment) => shipment!.label_file_id!))
  const merged = await PDFDocument.create()
  const printed: string[] = []
  const unreadable: string[] = []
  // Encrypted by the carrier (an owner password): its pages cannot be merged, but it prints on its own.
  const encrypted: string[] = []
  for (const shipment of labelled) {
    const labelId = shipment!.label_file_id!
    const base64 = stored.get(labelId)
    stored.delete(labelId)
    try {
      // A label made before the plugin's table existed is read from the File Module, a lost one got again.
      const pdf = base64 !== undefined ? Buffer.from(base64, "base64") : await readLabelPdf(req.scope, shipment!)
      const { document: label } = await openLabelPdf(req.scope, shipment!, pdf, { refuseEncrypted: true })
      for (const page of await merged.copyPages(label, label.getPageIndices())) {
        merged.addPage(page)
      }
      printed.push(shipment!.id)
    } catch (error) {
      if (error instanceof EncryptedLabelError) {
        encrypted.push(shipment!.id)
        continue
      }
      // One label that cannot be had must not keep the others from being printed.
      logger.warn(`[pickup-point] label of shipment ${shipment!.id} could not be read nor got again: ${safeErrorMessage(error)}`)
      unreadable.push(shipment!.id)
    }
  }
  if (!printed.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      unreadable.length
        ? "None of the chosen labels could be read, and the carrier did not give them again: try again in a few minutes, or ask the carrier for them."
        : "The chosen labels are encrypted by the carrier and cannot be merged: print each from its order's page."
    )
  }
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Cache-Control", LABEL_CACHE_CONTROL)
  res.setHeader("Content-Disposition", inlineDisposition(`pickup-point-labels-${printed.length}.pdf`))
  // Always a value, unlike the lists (empty in the usual answer, which some proxies drop): the admin checks its reading by it.
  res.setHeader("X-Pickup-Point-Count", String(printed.length))
  res.setHeader("X-Pickup-Point-Skipped", headerList(skipped))
  res.setHeader("X-Pickup-Point-Unreadable", headerList(unreadable))
  res.setHeader("X-Pickup-Point-Encrypted", headerList(encrypted))
  // An admin served from another origin reads them too (CORS hides other headers).
  res.append("Access-Control-Expose-Headers", "X-Pickup-Point-Count, X-Pickup-Point-Skipped, X-Pickup-Point-Unreadable, X-Pickup-Point-Encrypted")
  res.send(Buffer.from(await merged.save()))
}

/** Why none of the chosen shipments' labels is printed in bulk, in words an admin can act on. */
function nothingPrintable(ids: string[], isVoid: (id: string) => boolean, withCarrier: (id: string) => boolean): string {
  if (ids.every(isVoid)) {
    return "The chosen shipments' shipment orders are cancelled, so their labels are void: fulfil their items with another shipping option, or cancel the orders."
  }
  if (ids.every(withCarrier)) {
    return "The carrier already has the chosen parcels, so their labels are not printed in bulk: print one again from its order's page if you need it."
  }
  if (ids.every((id) => isVoid(id) || withCarrier(id))) {
    return "None of the chosen labels can be printed in bulk: some shipment orders are cancelled (their labels are void), and the carrier has the other parcels already."
  }
  return "None of the chosen shipments has a label to print: fulfill their orders first (a cancelled shipment order's label is void, and not printed)."
}
